/** The root of every page: navigation progress, the error boundary and the matched page. */
import { Suspense, useEffect, useRef } from 'react';
import { ProgressBar } from '@blueprintjs/core';
import { useLocation, useNavigationPending } from '../resources';
import { RouteErrorBoundary } from './error-page';
import { PageLoading } from './page-loading';
import { AppRoutes, type AppRoutesProps } from './routes';

/** A thin bar at the top while the next page loads. */
function NavigationProgress() {
  if (!useNavigationPending()) return null;
  return (
    <div className="joule-navigation-progress">
      <ProgressBar intent="primary" />
    </div>
  );
}

/** The attribute `<html>` carries once the app's first page has mounted or been hydrated. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/**
 * Marks the app ready (`APP_READY_ATTRIBUTE`) and calls `onReady`, once: rendered beside the
 * page, inside its Suspense boundary, so that it runs when the page itself has mounted or
 * been hydrated (React hydrates a boundary's content after what is around it). From then on
 * the page's controls answer; the end-to-end tests wait for it after each navigation.
 */
function AppReady({ onReady }: { onReady?: () => void }) {
  const ready = useRef(onReady);
  useEffect(() => {
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
    ready.current?.();
  }, []);
  return null;
}

/** Props of {@link Root}. */
export interface RootProps extends AppRoutesProps {
  /** Called once the first page has mounted or been hydrated. */
  readonly onReady?: () => void;
}

/** The app's routes under the progress bar; a page that fails is replaced by the error page. */
export function Root({ onReady, ...props }: RootProps) {
  const { pathname } = useLocation();
  return (
    <>
      <NavigationProgress />
      <RouteErrorBoundary pathname={pathname}>
        <Suspense fallback={<PageLoading />}>
          <AppRoutes {...props} />
          <AppReady onReady={onReady} />
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}

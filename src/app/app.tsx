import { useEffect, useRef } from 'react';
import { RouterProvider } from 'react-router';
import type { Language } from '../i18n';
import { AppProviders } from './providers';
import type { AppRouter } from './routes';

export interface AppProps {
  router: AppRouter;
  /**
   * Language instead of the stored setting (tests).
   * @default the stored setting
   */
  language?: Language;
  /**
   * Called once the app has mounted or hydrated (a server-rendered page's early clicks and
   * field values are replayed then, src/boot/early-input.ts).
   * @default nothing
   */
  onReady?: () => void;
}

/** The attribute `<html>` carries once the app has mounted or hydrated (see {@link App}). */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/**
 * The whole SPA: providers around the router. Once it has mounted, or hydrated the
 * server-rendered page, `<html>` carries {@link APP_READY_ATTRIBUTE}: from then on the
 * page's controls answer (the end-to-end tests wait for it after each navigation).
 */
export function App({ router, language, onReady }: AppProps) {
  // The callback of the first render: called once, when the app is first ready.
  const ready = useRef(onReady);
  useEffect(() => {
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
    ready.current?.();
  }, []);
  return (
    <AppProviders language={language}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

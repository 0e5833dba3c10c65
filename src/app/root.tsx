/** The root route: page title, navigation progress and the matched page. */
import { useEffect } from 'react';
import { ProgressBar, Spinner } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { pageTitle, routeTitleId } from './title';

/** Sets `document.title` after each route change (docs/product.md §2). */
export function DocumentTitle() {
  const intl = useIntl();
  const titleId = routeTitleId(useMatches());
  const title = pageTitle(
    titleId ? intl.formatMessage({ id: titleId }) : null,
    intl.formatMessage({ id: 'app.name' }),
  );
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

/** A thin bar at the top while the next page loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="joule-navigation-progress">
      <ProgressBar intent="primary" />
    </div>
  );
}

export function Root() {
  return (
    <>
      <DocumentTitle />
      <NavigationProgress />
      <Outlet />
    </>
  );
}

/** Shown while the first page's guards and code load. */
export function PageLoading() {
  return (
    <div className="joule-page-loading">
      <Spinner size={40} />
    </div>
  );
}

/** Page titles (docs/product.md §2: "<route title> // <app name>", or the app name alone). */
import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/** The document title for a translated route title (null: the route has none). */
export function pageTitle(routeTitle: string | null | undefined, appName: string): string {
  return routeTitle ? `${routeTitle} // ${appName}` : appName;
}

/** Sets `document.title` to the page titled by message `id` while it is shown. */
export function PageTitle({ id }: { id: string }) {
  const intl = useIntl();
  const title = pageTitle(intl.formatMessage({ id }), intl.formatMessage({ id: 'app.name' }));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

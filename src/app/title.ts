/** Page titles (docs/product.md §2: "<route title> // <app name>", or the app name alone). */

/** What a route's `handle` may carry. */
export interface RouteHandle {
  /** react-intl message id of the route's title. */
  readonly title?: string;
}

/** The document title for a translated route title (null: the route has none). */
export function pageTitle(routeTitle: string | null | undefined, appName: string): string {
  return routeTitle ? `${routeTitle} // ${appName}` : appName;
}

/** The title message id of the deepest route that has one. */
export function routeTitleId(matches: readonly { readonly handle: unknown }[]): string | null {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return null;
}

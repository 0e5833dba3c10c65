/**
 * Where sign-in leads (docs/product.md §2 "Route guards"): a signed-out user goes to /login and,
 * once signed in, back to the page asked for; a page the user may not use is refused in its
 * place (layout/shell-routes.tsx).
 */

/** The refused page's heading when a route's privilege check fails (docs/product.md §8). */
export const NO_ACCESS_MESSAGE = { id: 'app.guard.noAccess' } as const;

/**
 * The refused page's whole message: docs/product.md §8's words, which page, and who grants
 * access (`page`: the page's title, else the path refused).
 */
export const NO_ACCESS_PAGE_MESSAGE = 'app.guard.noAccessPage';

/** The named route `login` of docs/product.md §2: where a session that cannot be restored ends. */
export const LOGIN_PATH = '/login';
const RETURN_KEY = 'joule.returnTo';

/** Remembers `path` (path, query and fragment of this app) as where to go after sign-in. */
export function rememberReturnPath(path: string): void {
  try {
    sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // No session storage: the user lands on the home page after sign-in.
  }
}

/** Where to go after sign-in: the page that sent the user to /login, else `/`. Read once. */
export function takeReturnPath(): string {
  try {
    const path = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    // Only paths of this app: never `//evil.test` or an absolute URL.
    if (path && path.startsWith('/') && !path.startsWith('//') && path !== LOGIN_PATH) return path;
  } catch {
    // Fall through to the home page.
  }
  return '/';
}

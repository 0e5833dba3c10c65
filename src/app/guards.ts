/**
 * Route guards (docs/product.md §2 "Route guards"), as loaders: before each navigation the session
 * is initialised; signed-out users go to /login; a failing privilege check goes to /, where
 * a snackbar says why (docs/product.md §8 'You have no access to the product', docs/product.md).
 */
import { redirect } from 'react-router';
import { ability, canUse, ensureSession, getSession } from '../auth';
import { showSnackbar } from './snackbar/snackbar';

/** The snackbar's message when a route's privilege check fails (docs/product.md §8). */
export const NO_ACCESS_MESSAGE = { id: 'app.guard.noAccess' } as const;

/**
 * The refused page's whole message: docs/product.md §8's words, which page, and who grants
 * access (`page`: the path refused).
 */
export const NO_ACCESS_PAGE_MESSAGE = 'app.guard.noAccessPage';

/** The named route `login` of docs/product.md §2: where a session that cannot be restored ends. */
export const LOGIN_PATH = '/login';
const RETURN_KEY = 'joule.returnTo';

function rememberReturnPath(url: string): void {
  const { pathname, search, hash } = new URL(url);
  try {
    sessionStorage.setItem(RETURN_KEY, `${pathname}${search}${hash}`);
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

/**
 * Resolves when a user is signed in (restoring the session first).
 * @throws a redirect to /login otherwise, remembering the requested page.
 */
export async function requireUser(request: Request): Promise<void> {
  await ensureSession();
  if (getSession().user) return;
  rememberReturnPath(request.url);
  throw redirect(LOGIN_PATH);
}

/**
 * Resolves when a user is signed in and may 'use' `privilege` (null: no check).
 * @throws a redirect to /login when signed out, to / when the privilege is missing (then
 * with a warning snackbar saying the user has no access, docs/product.md §8).
 */
export async function requirePrivilege(request: Request, privilege: string | null): Promise<void> {
  await requireUser(request);
  if (canUse(ability, privilege)) return;
  // Signing in as someone who may see it (logout, login) returns there.
  rememberReturnPath(request.url);
  const page = decodeURI(new URL(request.url).pathname);
  showSnackbar({ message: { id: NO_ACCESS_PAGE_MESSAGE, values: { page } }, color: 'warning' });
  throw redirect('/');
}

/** A loader guarding a route that requires login and, optionally, a privilege. */
export function guard(privilege: string | null = null) {
  return async ({ request }: { request: Request }): Promise<null> => {
    await requirePrivilege(request, privilege);
    return null;
  };
}

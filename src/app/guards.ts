/**
 * Route guards (docs/product.md §2 "Route guards"), as loaders: before each navigation the session
 * is initialised; signed-out users go to /login; a failing privilege check stays at its URL,
 * where the route's error boundary (no-access-page.tsx) says why (docs/product.md §8 'You have
 * no access to the product').
 */
import { redirect } from 'react-router';
import { appMayUse, ensureSession, getSession } from '../auth';

/** The refused page's heading when a route's privilege check fails (docs/product.md §8). */
export const NO_ACCESS_MESSAGE = { id: 'app.guard.noAccess' } as const;

/**
 * The refused page's whole message: docs/product.md §8's words, which page, and who grants
 * access (`page`: the page's title, else the path refused).
 */
export const NO_ACCESS_PAGE_MESSAGE = 'app.guard.noAccessPage';

/**
 * What a route's loader throws when the user lacks the route's privilege: react-router
 * renders the route's error boundary in the page's place, the address kept.
 */
export class NoAccessError extends Error {
  /** The message id of the refused page's title (its menu label), when the route has one. */
  readonly titleId: string | undefined;
  /** The path refused, decoded (`/tariffs/1`). */
  readonly path: string;

  constructor(path: string, titleId?: string) {
    super(`No access to ${path}`);
    this.name = 'NoAccessError';
    this.path = path;
    this.titleId = titleId;
  }
}

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
 * @throws a redirect to /login when signed out; a {@link NoAccessError} naming the page
 * (`titleId`) when the privilege is missing (docs/product.md §2 "Route guards", §8).
 */
export async function requirePrivilege(
  request: Request,
  privilege: string | null,
  titleId?: string,
): Promise<void> {
  await requireUser(request);
  if (await appMayUse(privilege)) return;
  // Signing in as someone who may see it (logout, login) returns there.
  rememberReturnPath(request.url);
  throw new NoAccessError(decodeURI(new URL(request.url).pathname), titleId);
}

/**
 * A loader guarding a route that requires login and, optionally, a privilege; `titleId`
 * names the page when it is refused.
 */
export function guard(privilege: string | null = null, titleId?: string) {
  return async ({ request }: { request: Request }): Promise<null> => {
    await requirePrivilege(request, privilege, titleId);
    return null;
  };
}

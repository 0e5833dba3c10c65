/**
 * The app session (`authSession`) as functions of its own, outside React: what the routes, the
 * login page and the start-up code call. Sessions with backend `oidc` renew through the
 * provider (docs/product.md §4 "App start").
 */
import { setOidcBackend } from './oidc';
import { authSession } from './session';
import type { TokenPair } from './session-store';
import { ssoBackend } from './sso';

/** Starts the app session from tokens of a completed second factor (see `AuthSession.beginSession`). */
export const beginOwnSession = (tokens: TokenPair) => authSession.beginSession('joule', tokens);

/** Own login of the app session (see `AuthSession.login`). */
export const login = authSession.login;
/** Logout of the app session (docs/product.md §4). */
export const logout = authSession.logout;
/** Restores the app session once per start (docs/product.md §2, §4); never rejects. */
export const ensureSession = authSession.ensureSession;
/** Resumes the app session over a server-rendered page (see `AuthSession.resumeWith`). */
export const resumeSessionWith = authSession.resumeWith;
/** The app session's current state, outside React. */
export const getSession = authSession.store.getState;
/**
 * Whether the app session's user may use `privilege` (null: an open area), outside React
 * (route guards): CASL's answer, its code loaded on first use so that the login page does
 * without it.
 */
export async function appMayUse(privilege: string | null): Promise<boolean> {
  return (await import('./app-ability')).appCanUse(privilege);
}

setOidcBackend(ssoBackend);

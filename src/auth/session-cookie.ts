/**
 * Mirrors the session's access token into the cookie `joule_access`, which lets the
 * reference server render a list page with its first rows for this user before the app's
 * code has arrived (server/http/first-page.ts; docs/architecture.md "The server-rendered first page"). The API never takes the
 * cookie as a credential (only the `Authorization` header), so it opens no cross-site
 * request forgery; `SameSite=Strict` keeps it off cross-site navigations, and it lives no
 * longer than the token. Scripts can read it as they can read the token in local storage.
 *
 * Only an own-login (`joule`) session has the cookie: the app resumes only such a session
 * over the server's page (`resumeWith`, src/auth/session.ts). A single sign-on session
 * renews its token before anything else (docs/product.md §4), so the app would render the
 * page afresh: the server's render would be wasted, and a click on its rows lost.
 */
import type { SessionState, SessionStore } from './session-store';
import { tokenExpiry } from './tokens';

import { ACCESS_COOKIE } from '../shared';

export { ACCESS_COOKIE };

/**
 * The `document.cookie` assignment mirroring `state` at `now` (seconds since the epoch):
 * the access token of an own-login session for as long as it is valid, or the cookie's
 * removal when there is none (signed out, single sign-on, or a token already expired or not a
 * JWT).
 */
export function accessCookie(
  state: Pick<SessionState, 'backend' | 'access'>,
  now: number,
  secure: boolean,
): string {
  const expiry = state.backend === 'joule' ? tokenExpiry(state.access) : null;
  const left = expiry === null ? 0 : Math.floor(expiry - now);
  const attributes = `; Path=/; SameSite=Strict${secure ? '; Secure' : ''}`;
  return left > 0
    ? `${ACCESS_COOKIE}=${state.access}; Max-Age=${left}${attributes}`
    : `${ACCESS_COOKIE}=; Max-Age=0${attributes}`;
}

/**
 * Keeps the cookie in step with `store`, now and on every change of backend or access
 * token; returns the unsubscribe function.
 */
export function mirrorAccessCookie(
  store: SessionStore,
  target: { cookie: string; readonly location: { readonly protocol: string } } = document,
): () => void {
  let last: string | null = null;
  const write = () => {
    const state = store.getState();
    const key = `${state.backend} ${state.access}`;
    if (key === last) return;
    last = key;
    target.cookie = accessCookie(state, Date.now() / 1000, target.location.protocol === 'https:');
  };
  write();
  return store.subscribe(write);
}

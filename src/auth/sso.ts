/**
 * Single sign-on as the rest of the app sees it (docs/product.md §4 "Single sign-on"): small, in
 * the main bundle; the `oidc-client-ts` part (`oidc-client.ts`) is imported only when a user
 * starts single sign-on, comes back to `/oidc/callback`, or has an OIDC session to renew.
 */
import type { SsoClient } from './oidc-client';
import type { OidcBackend } from './oidc';
import { loadRuntimeConfig } from './runtime-config';
import { authSession } from './session';
import type { CurrentUser } from './session-store';

let client: Promise<SsoClient> | null = null;

/** The client for the deployment's provider (`/config/`); rejects when there is none. */
function ssoClient(): Promise<SsoClient> {
  client ??= (async () => {
    const { oidc } = await loadRuntimeConfig();
    if (!oidc) throw new Error('Single sign-on is not configured');
    const { createSsoClient } = await import('./oidc-client');
    return createSsoClient(oidc);
  })().catch((error: unknown) => {
    client = null;
    throw error;
  });
  return client;
}

/** True when the deployment offers single sign-on (the login page shows its button). */
export async function isSsoAvailable(): Promise<boolean> {
  return (await loadRuntimeConfig()).oidc !== null;
}

/** Sends the browser to the provider. @throws when the provider cannot be reached. */
export async function startSingleSignOn(): Promise<void> {
  await (await ssoClient()).signIn();
}

/**
 * The callback (docs/product.md §4): checks the provider's answer at `url`, exchanges the code, and
 * starts a session with backend `oidc` (tokens stored, user loaded, refresh timer on).
 * @throws {LoginError} 'no-access' when the provider's user is no Joule user, or one
 *   without privileges (docs/product.md §8 'User has no access to the product.'); `SsoError`,
 *   `ErrorResponse`, `NetworkError` for a refused or failed answer.
 */
export async function completeSingleSignOn(url: string): Promise<CurrentUser> {
  const tokens = await (await ssoClient()).completeSignIn(url);
  return authSession.beginSession('oidc', tokens);
}

/** The session's OIDC backend: renewals go to the provider (loading the client first). */
export const ssoBackend: OidcBackend = {
  resume: async (refresh) => (await ssoClient()).renew(refresh),
  renew: async (refresh) => (await ssoClient()).renew(refresh),
  signOut: async (refresh, options) => (await ssoClient()).signOut(refresh, options),
};

/**
 * The seam for single sign-on (docs/product.md §4 "Single sign-on";
 * docs/architecture.md "Real components").
 *
 * The session treats backend `oidc` through this interface only. Until a backend is
 * installed with `setOidcBackend`, an `oidc` session cannot be resumed and is cleared
 * at app start, like any other failure (docs/product.md §4 "App start").
 */
import type { TokenPair } from './session-store';

export interface OidcBackend {
  /** App start: renew the token first (docs/product.md §4); rejects when the provider refuses. */
  resume(refresh: string): Promise<TokenPair>;
  /** Renew the access token with the provider's form-encoded refresh_token grant. */
  renew(refresh: string): Promise<TokenPair>;
  /**
   * Optional sign-out at the provider after the local session is cleared, given the
   * refresh token the session held ('' when none): revokes it, and with
   * `endProviderSession` (the user's own logout) prepares RP-initiated logout.
   * @returns the provider's end-session URL to send the browser to, or null (nothing to
   *   end, or not asked to).
   */
  signOut?(refresh: string, options: SignOutOptions): Promise<string | null | void>;
}

/** How far a logout reaches. */
export interface SignOutOptions {
  /**
   * True for the user's own logout: the provider's session ends too (OpenID Connect
   * RP-Initiated Logout), so the next single sign-on asks for the password again. False
   * when the app ends the session itself (a refused refresh token, no access).
   */
  readonly endProviderSession: boolean;
}

let backend: OidcBackend | null = null;

/** Installs the single sign-on backend (done by the OIDC module once it exists). */
export function setOidcBackend(next: OidcBackend | null): void {
  backend = next;
}

/** The installed backend, or null. */
export function getOidcBackend(): OidcBackend | null {
  return backend;
}

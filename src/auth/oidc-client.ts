/**
 * Single sign-on with `oidc-client-ts` (docs/product.md §4 "Single sign-on", §5 token response
 * checks, §7 "Single sign-on", §9 challenge method S256). Lazy (loaded on first use) only (`sso.ts`
 * imports it dynamically), so the login page does not carry the library.
 *
 * - Sign-in: authorization code flow with PKCE (S256), client id and issuer from
 *   `/config/`, scope `openid profile email`, redirect back to `<origin>/oidc/callback`.
 *   Verifier and state wait in session storage (`WebStorageStateStore`) across the redirect.
 *   With a maximum authentication age configured (`max_age` of `/config/`), it is sent as
 *   `max_age`.
 * - Callback: only a code-flow answer in the query is taken (no tokens in the URL or the
 *   fragment: implicit and hybrid answers are refused); the RFC 9207 `iss` parameter and the
 *   discovery document's issuer must be the configured issuer; the state must be one we
 *   stored; an error answer is refused; the code is exchanged with the verifier; the ID
 *   token, when there is one, must name the issuer and our client; with `max_age`, its
 *   `auth_time` must be there and no older than `max_age` (+ {@link AUTH_AGE_SKEW_S}).
 *   oidc-client-ts sends `max_age` but does not check `auth_time` against it (3.x: it only
 *   compares `auth_time` of a renewed ID token with the earlier one), hence the check here.
 *   The ID token is kept in session storage for the logout's `id_token_hint`.
 * - Renewal: the form-encoded refresh_token grant of a public client (no secret); a new ID
 *   token replaces the kept one.
 * - Logout: the refresh token is revoked at the provider when it offers revocation; the
 *   user's own logout then ends the provider's session (RP-Initiated Logout:
 *   `end_session_endpoint` with `id_token_hint`, `client_id` and `post_logout_redirect_uri`
 *   `<origin>/login`).
 */
import {
  ErrorResponse,
  OidcClient,
  WebStorageStateStore,
  type RefreshState,
  type SigninResponse,
  type UserProfile,
} from 'oidc-client-ts';
import { decodeJwt } from 'jose';
import { NetworkError } from '../api';
import type { OidcSettings } from './runtime-config';
import type { TokenPair } from './session-store';

/** docs/product.md §7: the scope asked for. */
export const SSO_SCOPE = 'openid profile email';
/** docs/product.md §2: the route the provider sends the browser back to. */
export const SSO_CALLBACK_PATH = '/oidc/callback';
/** Prefix of the state entries in session storage. */
export const SSO_STATE_PREFIX = 'joule.oidc.';
/**
 * Session storage key of the last ID token (the logout's `id_token_hint`); outside
 * {@link SSO_STATE_PREFIX}, whose entries the library reads as sign-in states.
 */
export const SSO_ID_TOKEN_KEY = 'joule.sso.id_token';
/** SPA route the provider's end-session endpoint sends the browser back to. */
export const SSO_POST_LOGOUT_PATH = '/login';
/** Clock skew allowed on `auth_time` against `max_age`, in seconds (docs/product.md §9: 30 s). */
export const AUTH_AGE_SKEW_S = 30;

/** A callback or renewal the SPA refuses, with the reason for the log (never shown). */
export class SsoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SsoError';
  }
}

/** What `sso.ts` needs from single sign-on. */
export interface SsoClient {
  /** Sends the browser to the provider's sign-in (never resolves when it navigates). */
  signIn(): Promise<void>;
  /**
   * The tokens of the provider's answer at `url` (the callback page's URL).
   * @throws {SsoError} for a refused answer; `ErrorResponse` for the provider's error
   *   answer; `NetworkError` when the provider cannot be reached.
   */
  completeSignIn(url: string): Promise<TokenPair>;
  /**
   * A new access token (and a rotated refresh token, when the provider rotates) by the
   * refresh_token grant.
   * @throws `ErrorResponse` when the provider refuses the refresh token; `NetworkError`
   *   when it cannot be reached (the session then keeps trying).
   */
  renew(refresh: string): Promise<TokenPair>;
  /**
   * Revokes the refresh token at the provider (RFC 7009) so a copy of it is useless after
   * logout; does nothing when the provider has no revocation endpoint.
   */
  revoke(refresh: string): Promise<void>;
  /**
   * Logout at the provider: revokes `refresh` (a failure is logged, not thrown), forgets the
   * kept ID token and, with `endProviderSession`, builds the RP-initiated logout request.
   * @returns the end-session URL to send the browser to (`id_token_hint`, `client_id`,
   *   `post_logout_redirect_uri` `<origin>/login`), or null when not asked to or the
   *   provider has no `end_session_endpoint`.
   * @throws `NetworkError` when discovery cannot be reached.
   */
  signOut(
    refresh: string,
    options: { readonly endProviderSession: boolean },
  ): Promise<string | null>;
}

/** Where the client lives: the page's origin, its session storage and navigation. */
export interface SsoEnvironment {
  readonly origin: string;
  readonly storage: Storage;
  navigate(url: string): void;
  /** The clock for `auth_time`, in milliseconds since the epoch. @default Date.now */
  now?(): number;
}

function browserEnvironment(): SsoEnvironment {
  return {
    origin: window.location.origin,
    storage: window.sessionStorage,
    navigate: (url) => window.location.assign(url),
  };
}

/**
 * docs/product.md §5 "maximum auth age enforced if configured": the ID token's `auth_time` (seconds
 * since the epoch) must be a number no older than `maxAge` seconds before `nowS`, nor later
 * than `nowS`, give or take {@link AUTH_AGE_SKEW_S}.
 * @throws {SsoError} when `auth_time` is missing, not a number, too old or in the future.
 */
export function checkAuthAge(
  claims: Readonly<Record<string, unknown>>,
  maxAge: number,
  nowS: number,
): void {
  const authTime = claims.auth_time;
  if (typeof authTime !== 'number' || !Number.isFinite(authTime))
    throw new SsoError('the ID token has no auth_time, but max_age is set');
  if (authTime > nowS + AUTH_AGE_SKEW_S) throw new SsoError('auth_time is in the future');
  if (nowS - authTime > maxAge + AUTH_AGE_SKEW_S)
    throw new SsoError(`the authentication is older than max_age (${maxAge} s)`);
}

/** Errors of the library that mean "no answer" become `NetworkError` (transient). */
function asTransport(error: unknown): unknown {
  if (error instanceof ErrorResponse || error instanceof SsoError) return error;
  if (error instanceof TypeError) return new NetworkError(error);
  if (error instanceof Error && /network|fetch|timed? ?out/i.test(error.message))
    return new NetworkError(error);
  return error;
}

function tokensOf(response: SigninResponse): TokenPair {
  if (!response.access_token) throw new SsoError('no access token in the answer');
  if (response.token_type && response.token_type.toLowerCase() !== 'bearer')
    throw new SsoError(`token type ${response.token_type}`);
  return { access: response.access_token, refresh: response.refresh_token ?? null };
}

/** The single sign-on client for the configured provider. */
export function createSsoClient(
  settings: OidcSettings,
  environment: SsoEnvironment = browserEnvironment(),
): SsoClient {
  const maxAge = settings.max_age ?? undefined;
  const now = environment.now ?? Date.now;
  const client = new OidcClient({
    authority: settings.issuer,
    client_id: settings.client_id,
    redirect_uri: `${environment.origin}${SSO_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${environment.origin}${SSO_POST_LOGOUT_PATH}`,
    max_age: maxAge,
    response_type: 'code',
    response_mode: 'query',
    scope: SSO_SCOPE,
    loadUserInfo: false,
    stateStore: new WebStorageStateStore({
      store: environment.storage,
      prefix: SSO_STATE_PREFIX,
    }),
  });

  /** Keeps the latest ID token for the logout's hint (a renewal may bring a new one). */
  function keepIdToken(idToken: string | undefined): void {
    if (idToken) environment.storage.setItem(SSO_ID_TOKEN_KEY, idToken);
  }

  async function checkedMetadata() {
    let metadata;
    try {
      metadata = await client.metadataService.getMetadata();
    } catch (error) {
      throw asTransport(error);
    }
    if (metadata.issuer !== settings.issuer)
      throw new SsoError(`discovery names issuer ${String(metadata.issuer)}`);
    return metadata;
  }

  async function revoke(refresh: string): Promise<void> {
    if (!refresh) return;
    const metadata = await checkedMetadata();
    if (!metadata.revocation_endpoint) return;
    // RFC 7009 by hand: providers answer an empty 200, which the library's JSON client
    // refuses for its content type.
    let response: Response;
    try {
      response = await fetch(metadata.revocation_endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          token: refresh,
          token_type_hint: 'refresh_token',
          client_id: settings.client_id,
        }),
      });
    } catch (error) {
      throw asTransport(error);
    }
    if (!response.ok) throw new SsoError(`revocation answered ${response.status}`);
  }

  return {
    async signIn() {
      await checkedMetadata();
      await client.clearStaleState();
      const request = await client.createSigninRequest({});
      environment.navigate(request.url);
    },

    async completeSignIn(url) {
      const answer = new URL(url);
      const fragment = new URLSearchParams(answer.hash.replace(/^#/, ''));
      for (const name of ['access_token', 'id_token', 'token_type', 'code', 'state']) {
        if (
          fragment.has(name) ||
          (name !== 'code' && name !== 'state' && answer.searchParams.has(name))
        )
          throw new SsoError('an implicit or hybrid answer: only the code flow is accepted');
      }
      const metadata = await checkedMetadata();
      const iss = answer.searchParams.get('iss');
      const issRequired = (metadata as Record<string, unknown>)
        .authorization_response_iss_parameter_supported;
      if (iss !== null ? iss !== settings.issuer : issRequired === true)
        throw new SsoError('the answer comes from another issuer');
      if (!answer.searchParams.has('error') && !answer.searchParams.has('code'))
        throw new SsoError('an answer without a code');

      let response: SigninResponse;
      try {
        // Finds and removes the stored state (verifier), refuses error answers and a
        // foreign state, exchanges the code with the verifier.
        response = await client.processSigninResponse(url);
      } catch (error) {
        throw asTransport(error);
      }
      if (response.id_token) {
        const claims = decodeJwt(response.id_token);
        const audiences = typeof claims.aud === 'string' ? [claims.aud] : (claims.aud ?? []);
        if (claims.iss !== settings.issuer) throw new SsoError('ID token of another issuer');
        if (!audiences.includes(settings.client_id))
          throw new SsoError('ID token for another client');
        if (maxAge !== undefined) checkAuthAge(claims, maxAge, now() / 1000);
      } else if (maxAge !== undefined) {
        throw new SsoError('no ID token (auth_time) in the answer, but max_age is set');
      }
      const tokens = tokensOf(response);
      keepIdToken(response.id_token);
      return tokens;
    },

    async signOut(refresh, { endProviderSession }) {
      const idToken = environment.storage.getItem(SSO_ID_TOKEN_KEY);
      environment.storage.removeItem(SSO_ID_TOKEN_KEY);
      try {
        await revoke(refresh);
      } catch (error) {
        // The provider's session still ends; the token dies with its lifetime.
        console.error('Refresh token revocation failed', error);
      }
      if (!endProviderSession) return null;
      const metadata = await checkedMetadata();
      if (!metadata.end_session_endpoint) return null;
      const request = await client.createSignoutRequest({
        id_token_hint: idToken ?? undefined,
        client_id: settings.client_id,
      });
      return request.url;
    },

    revoke,

    async renew(refresh) {
      if (!refresh) throw new SsoError('no refresh token');
      // RefreshState is a type only in the library's build: the plain shape it reads.
      const refreshState: RefreshState = {
        refresh_token: refresh,
        session_state: null,
        // No earlier ID token handed in: the kept one serves the logout's hint only.
        profile: {} as UserProfile,
      };
      try {
        const response = await client.useRefreshToken({
          state: refreshState,
        });
        const tokens = tokensOf(response);
        keepIdToken(response.id_token);
        return tokens;
      } catch (error) {
        throw asTransport(error);
      }
    },
  };
}

/**
 * Single sign-on with `oidc-client-ts` (SPEC §4 "Single sign-on", §5 token response
 * checks, §7 "Single sign-on", §9 challenge method S256). Loaded on demand only (`sso.ts`
 * imports it dynamically), so the login page does not carry the library.
 *
 * - Sign-in: authorization code flow with PKCE (S256), client id and issuer from
 *   `/config/`, scope `openid profile email`, redirect back to `<origin>/oidc/callback`.
 *   Verifier and state wait in session storage (`WebStorageStateStore`) across the redirect.
 * - Callback: only a code-flow answer in the query is taken (no tokens in the URL or the
 *   fragment: implicit and hybrid answers are refused); the RFC 9207 `iss` parameter and the
 *   discovery document's issuer must be the configured issuer; the state must be one we
 *   stored; an error answer is refused; the code is exchanged with the verifier; the ID
 *   token, when there is one, must name the issuer and our client.
 * - Renewal: the form-encoded refresh_token grant of a public client (no secret).
 * - Logout: the refresh token is revoked at the provider when it offers revocation.
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

/** SPEC §7: the scope asked for. */
export const SSO_SCOPE = 'openid profile email';
/** SPEC §2: the route the provider sends the browser back to. */
export const SSO_CALLBACK_PATH = '/oidc/callback';
/** Prefix of the state entries in session storage. */
export const SSO_STATE_PREFIX = 'joule.oidc.';

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
}

/** Where the client lives: the page's origin, its session storage and navigation. */
export interface SsoEnvironment {
  readonly origin: string;
  readonly storage: Storage;
  navigate(url: string): void;
}

function browserEnvironment(): SsoEnvironment {
  return {
    origin: window.location.origin,
    storage: window.sessionStorage,
    navigate: (url) => window.location.assign(url),
  };
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
  const client = new OidcClient({
    authority: settings.issuer,
    client_id: settings.client_id,
    redirect_uri: `${environment.origin}${SSO_CALLBACK_PATH}`,
    response_type: 'code',
    response_mode: 'query',
    scope: SSO_SCOPE,
    loadUserInfo: false,
    stateStore: new WebStorageStateStore({
      store: environment.storage,
      prefix: SSO_STATE_PREFIX,
    }),
  });

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
      }
      return tokensOf(response);
    },

    async revoke(refresh) {
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
    },

    async renew(refresh) {
      if (!refresh) throw new SsoError('no refresh token');
      // RefreshState is a type only in the library's build: the plain shape it reads.
      const refreshState: RefreshState = {
        refresh_token: refresh,
        session_state: null,
        // The session keeps no ID token: no earlier subject to compare with.
        profile: {} as UserProfile,
      };
      try {
        const response = await client.useRefreshToken({
          state: refreshState,
        });
        return tokensOf(response);
      } catch (error) {
        throw asTransport(error);
      }
    },
  };
}

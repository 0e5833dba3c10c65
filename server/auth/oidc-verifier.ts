/**
 * Verification of access tokens issued by the configured OIDC provider (docs/api.md "Base,
 * format, auth": "an access token issued by the configured OIDC provider (verified against
 * its JWKS, matched to an active user by its `email` claim)"; docs/product.md §5 "Token response
 * checks"; docs/product.md §9 clock skew 30 s).
 *
 * The provider's discovery document (`<issuer>/.well-known/openid-configuration`) is read on
 * first use and names the `jwks_uri`; keys come from there through jose's
 * `createRemoteJWKSet` (cached, refetched for an unknown `kid`). A token is the provider's
 * when its unverified `iss` is the issuer; it is then accepted only when:
 * - its signature verifies with a provider key, by an asymmetric algorithm
 *   ({@link OIDC_ALGORITHMS}; never `none` or HS*),
 * - `iss` equals the issuer, `exp` is present and not past and `nbf`/`iat` are not in the
 *   future (30 s tolerance),
 * - `aud` contains the audience, or `azp` is it (Keycloak-style tokens),
 * - it is an access token: header `typ` `at+jwt` (RFC 9068) or a `scope`/`scp` claim, and
 *   not an ID or refresh token (`typ` claim `ID`/`Refresh`, or `nonce`/`at_hash`/`c_hash`),
 * - it carries a string `sub` and a string `email` claim, and `email_verified: true` (unless
 *   {@link OidcVerifierOptions.requireEmailVerified} is off, which still refuses `false`):
 *   the e-mail binds the provider account to a user on first use, so an address the
 *   provider never verified must not.
 *
 * The subject it answers ({@link OidcTokenSubject}) names the provider account (`iss`,
 * `sub`) and the e-mail's comparison key ({@link emailKey}: ASCII case only); `oidc-account.ts`
 * maps it to a user.
 *
 * The provider being unreachable is not the token's fault: discovery and JWKS fetches give
 * up after {@link OIDC_FETCH_TIMEOUT_MS}, and any failure to obtain the provider's keys
 * throws {@link OidcProviderUnavailableError} (the API answers 503, so the SPA keeps the
 * session and tries later) rather than {@link InvalidTokenError} (401, which signs out).
 * After such a failure, calls within {@link OidcVerifierOptions.retryAfterS} fail at once
 * instead of each waiting for the timeout again.
 */
import {
  createRemoteJWKSet,
  customFetch,
  decodeJwt,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { emailKey } from './email-key';
import { InvalidTokenError, type ExternalTokenVerifier, type TokenSubject } from './tokens';

/** Signing algorithms accepted from the provider: asymmetric only. */
export const OIDC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
] as const;

/** docs/product.md §9: clock skew tolerance in seconds. */
export const OIDC_CLOCK_TOLERANCE_S = 30;

/** How long a discovery or JWKS fetch may take before the provider counts as down. */
export const OIDC_FETCH_TIMEOUT_MS = 5_000;

/** Default `Retry-After` (seconds) once the provider is found unreachable. */
export const OIDC_RETRY_AFTER_S = 10;

/**
 * The provider's keys could not be obtained (discovery or JWKS unreachable, timed out, or
 * answering nonsense): the token can be neither accepted nor refused now.
 */
export class OidcProviderUnavailableError extends Error {
  /**
   * @param reason for the log.
   * @param retryAfterS whole seconds (≥ 1) after which a call may succeed (`Retry-After`).
   */
  constructor(
    reason: string,
    readonly retryAfterS: number,
  ) {
    super(`OIDC provider unavailable: ${reason}`);
    this.name = 'OidcProviderUnavailableError';
  }
}

/**
 * Whom a valid provider access token speaks for: its provider account and its e-mail
 * (a {@link TokenSubject} with the `email` variant, so `TokenService` passes it on as is).
 */
export interface OidcTokenSubject {
  /** {@link emailKey} of the `email` claim. */
  readonly email: string;
  /** The token's `iss` (the configured issuer). */
  readonly oidcIssuer: string;
  /** The token's `sub`: the provider's stable id of the account. */
  readonly oidcSubject: string;
}

/** True when `subject` (from `TokenService.verifyBearer`) is a provider access token's. */
export function isOidcTokenSubject(subject: TokenSubject): subject is OidcTokenSubject {
  return (
    'oidcIssuer' in subject &&
    typeof subject.oidcIssuer === 'string' &&
    'oidcSubject' in subject &&
    typeof subject.oidcSubject === 'string'
  );
}

/** Settings of {@link createOidcTokenVerifier}. */
export interface OidcVerifierOptions {
  /** The provider's issuer identifier, exactly as its tokens' `iss` (`OIDC_ISSUER`). */
  readonly issuer: string;
  /** Expected `aud` (or `azp`) of access tokens (`OIDC_AUDIENCE`, default the client id). */
  readonly audience: string;
  /** Clock, for tests. */
  readonly now?: () => Date;
  /** fetch, for tests. @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  /**
   * Refuse tokens without `email_verified: true` (`OIDC_REQUIRE_EMAIL_VERIFIED`). Turn off
   * only for a provider that verifies every address it puts in tokens but does not say so;
   * off, a token with `email_verified: false` is still refused.
   * @default true
   */
  readonly requireEmailVerified?: boolean;
  /** Discovery and JWKS fetch timeout in milliseconds. @default OIDC_FETCH_TIMEOUT_MS */
  readonly timeoutMs?: number;
  /**
   * Seconds during which, after the provider was found unreachable, calls fail at once
   * (and the `Retry-After` of the 503). @default OIDC_RETRY_AFTER_S
   */
  readonly retryAfterS?: number;
}

interface Discovery {
  readonly issuer: string;
  readonly jwks_uri: string;
}

async function discover(
  issuer: string,
  fetchImpl: typeof fetch,
  timeoutMs: number,
): Promise<Discovery> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  // The signal covers the body too: a provider that sends headers and then stalls times out.
  const signal = AbortSignal.timeout(timeoutMs);
  const response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`OIDC discovery ${url} answered ${response.status}`);
  const document = (await response.json()) as Partial<Discovery>;
  if (document.issuer !== issuer) {
    throw new Error(`OIDC discovery names issuer ${String(document.issuer)}, expected ${issuer}`);
  }
  if (typeof document.jwks_uri !== 'string') throw new Error('OIDC discovery has no jwks_uri');
  return { issuer: document.issuer, jwks_uri: document.jwks_uri };
}

function isIdOrRefreshToken(header: { typ?: string }, payload: JWTPayload): boolean {
  const typ = typeof payload.typ === 'string' ? payload.typ.toLowerCase() : undefined;
  if (typ === 'id' || typ === 'refresh' || typ === 'offline') return true;
  if (header.typ?.toLowerCase() === 'at+jwt' || header.typ?.toLowerCase() === 'application/at+jwt')
    return false;
  return (
    'nonce' in payload ||
    'at_hash' in payload ||
    'c_hash' in payload ||
    !('scope' in payload || 'scp' in payload)
  );
}

/** True for a key resolver failure that is the provider's, not the token's. */
function isProviderFailure(error: unknown): boolean {
  if (!(error instanceof joseErrors.JOSEError)) return true; // fetch failed: refused, reset, DNS
  return (
    error instanceof joseErrors.JWKSTimeout ||
    error instanceof joseErrors.JWKSInvalid ||
    // jose's plain JOSEError: the JWKS answered other than 200, or not JSON.
    error.code === joseErrors.JOSEError.code
  );
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * The verifier for `TokenServiceOptions.externalVerifiers`: undefined for tokens of other
 * issuers, an {@link OidcTokenSubject} for a valid provider access token,
 * {@link InvalidTokenError} for a provider token failing any check above, and
 * {@link OidcProviderUnavailableError} when the provider's keys cannot be had (discovery is
 * tried again once {@link OidcVerifierOptions.retryAfterS} has passed).
 */
export function createOidcTokenVerifier(options: OidcVerifierOptions): ExternalTokenVerifier {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? OIDC_FETCH_TIMEOUT_MS;
  const retryAfterS = options.retryAfterS ?? OIDC_RETRY_AFTER_S;
  const requireEmailVerified = options.requireEmailVerified ?? true;
  let remote: Promise<ReturnType<typeof createRemoteJWKSet>> | null = null;
  // After a failure, until when (ms since the epoch) calls fail at once, and why.
  let downUntil = 0;
  let downReason = '';

  function remoteKeys() {
    remote ??= discover(options.issuer, fetchImpl, timeoutMs).then(
      (document) =>
        createRemoteJWKSet(new URL(document.jwks_uri), {
          timeoutDuration: timeoutMs,
          ...(options.fetch ? { [customFetch]: options.fetch } : {}),
        }),
      (error: unknown) => {
        remote = null;
        throw error;
      },
    );
    return remote;
  }

  function unavailable(reason: string): OidcProviderUnavailableError {
    downUntil = Date.now() + retryAfterS * 1000;
    downReason = reason;
    return new OidcProviderUnavailableError(reason, Math.max(1, Math.ceil(retryAfterS)));
  }

  // The key resolver for jwtVerify: the provider's failures become
  // OidcProviderUnavailableError, the token's (no key for its `kid`/`alg`) stay jose's.
  const resolveKey: JWTVerifyGetKey = async (header, token) => {
    const waitMs = downUntil - Date.now();
    if (waitMs > 0) {
      throw new OidcProviderUnavailableError(downReason, Math.max(1, Math.ceil(waitMs / 1000)));
    }
    let keys;
    try {
      keys = await remoteKeys();
    } catch (error) {
      throw unavailable(`discovery: ${describeError(error)}`);
    }
    try {
      return await keys(header, token);
    } catch (error) {
      if (isProviderFailure(error)) throw unavailable(`JWKS: ${describeError(error)}`);
      throw error;
    }
  };

  return {
    async verify(token: string): Promise<OidcTokenSubject | undefined> {
      let claimed;
      try {
        claimed = decodeJwt(token);
      } catch {
        return undefined; // Not a JWT at all: not the provider's access token.
      }
      if (claimed.iss !== options.issuer) return undefined;

      let verified;
      try {
        verified = await jwtVerify(token, resolveKey, {
          issuer: options.issuer,
          algorithms: [...OIDC_ALGORITHMS],
          clockTolerance: OIDC_CLOCK_TOLERANCE_S,
          requiredClaims: ['exp'],
          currentDate: options.now?.(),
        });
      } catch (error) {
        if (error instanceof OidcProviderUnavailableError) throw error;
        if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.code);
        throw new InvalidTokenError(error instanceof Error ? error.message : 'OIDC failure');
      }
      const { payload, protectedHeader } = verified;
      // jose checks `iat` only with maxTokenAge: a token minted in the future is refused here.
      const nowS = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
      if (typeof payload.iat === 'number' && payload.iat > nowS + OIDC_CLOCK_TOLERANCE_S) {
        throw new InvalidTokenError('issued in the future');
      }
      const audiences =
        typeof payload.aud === 'string'
          ? [payload.aud]
          : Array.isArray(payload.aud)
            ? payload.aud
            : [];
      if (!audiences.includes(options.audience) && payload.azp !== options.audience) {
        throw new InvalidTokenError('wrong audience');
      }
      if (isIdOrRefreshToken(protectedHeader, payload)) {
        throw new InvalidTokenError('not an access token');
      }
      if (typeof payload.sub !== 'string' || payload.sub === '') {
        throw new InvalidTokenError('no sub claim');
      }
      const email = payload.email;
      if (typeof email !== 'string' || !email.includes('@')) {
        throw new InvalidTokenError('no email claim');
      }
      // Required: only `true` itself (a string "true" or a missing claim says nothing
      // reliable). Not required: a provider saying `false` is still believed.
      if (
        requireEmailVerified ? payload.email_verified !== true : payload.email_verified === false
      ) {
        throw new InvalidTokenError('email not verified');
      }
      return { email: emailKey(email), oidcIssuer: options.issuer, oidcSubject: payload.sub };
    },
  };
}

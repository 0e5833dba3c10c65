/**
 * Verification of access tokens issued by the configured OIDC provider (API.md "Base,
 * format, auth": "an access token issued by the configured OIDC provider (verified against
 * its JWKS, matched to an active user by its `email` claim)"; SPEC §5 "Token response
 * checks"; SPEC §9 clock skew 30 s).
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
 * - it carries a string `email` claim, which names the user (matched case-insensitively).
 */
import {
  createRemoteJWKSet,
  decodeJwt,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
} from 'jose';
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

/** SPEC §9: clock skew tolerance in seconds. */
export const OIDC_CLOCK_TOLERANCE_S = 30;

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
}

interface Discovery {
  readonly issuer: string;
  readonly jwks_uri: string;
}

async function discover(issuer: string, fetchImpl: typeof fetch): Promise<Discovery> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const response = await fetchImpl(url, { headers: { accept: 'application/json' } });
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

/**
 * The verifier for `TokenServiceOptions.externalVerifiers`: undefined for tokens of other
 * issuers, the e-mail subject for a valid provider access token, {@link InvalidTokenError}
 * for a provider token failing any check above. Discovery failures (provider unreachable)
 * also reject the token, and discovery is tried again on the next call.
 */
export function createOidcTokenVerifier(options: OidcVerifierOptions): ExternalTokenVerifier {
  const fetchImpl = options.fetch ?? fetch;
  let keys: Promise<ReturnType<typeof createRemoteJWKSet>> | null = null;

  function jwks() {
    keys ??= discover(options.issuer, fetchImpl).then(
      (document) => createRemoteJWKSet(new URL(document.jwks_uri)),
      (error: unknown) => {
        keys = null;
        throw error;
      },
    );
    return keys;
  }

  return {
    async verify(token: string): Promise<TokenSubject | undefined> {
      let claimed;
      try {
        claimed = decodeJwt(token);
      } catch {
        return undefined; // Not a JWT at all: not the provider's access token.
      }
      if (claimed.iss !== options.issuer) return undefined;

      let verified;
      try {
        verified = await jwtVerify(token, await jwks(), {
          issuer: options.issuer,
          algorithms: [...OIDC_ALGORITHMS],
          clockTolerance: OIDC_CLOCK_TOLERANCE_S,
          requiredClaims: ['exp'],
          currentDate: options.now?.(),
        });
      } catch (error) {
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
      const email = payload.email;
      if (typeof email !== 'string' || !email.includes('@')) {
        throw new InvalidTokenError('no email claim');
      }
      return { email: email.toLowerCase() };
    },
  };
}

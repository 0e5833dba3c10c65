/**
 * Bearer tokens: issuing and verifying simplejwt-compatible JWTs (docs/api.md "Authentication
 * endpoints"), and the one entry point that verifies any bearer token an API call carries.
 *
 * Own tokens are HS256 with claims `token_type` (`access` | `refresh`), `exp`, `iat`, `jti`
 * and `user_id`, signed with the server secret. Only HS256 is accepted for them (so
 * `alg: none` and algorithm confusion fail), `exp` is required and checked, and an API
 * call needs `token_type: access`. OIDC access tokens plug in as
 * {@link ExternalTokenVerifier}s: {@link TokenService.verifyBearer} hands every token that
 * is not ours to them.
 */
import { createSecretKey, randomUUID } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';

/** simplejwt's token types. */
export type TokenType = 'access' | 'refresh';

/** The answer of `POST /auth/jwt/create/`. */
export interface TokenPair {
  readonly access: string;
  readonly refresh: string;
}

/**
 * Whom a valid bearer token speaks for: our tokens name the user id (and when they were
 * issued, `iat` in whole seconds since the epoch, to refuse tokens older than the user's
 * last password change); an OIDC access token names an e-mail that is matched to an active
 * user (docs/api.md "Base, format, auth").
 */
export type TokenSubject =
  { readonly userId: number; readonly issuedAt: number } | { readonly email: string };

/** The claims of a valid refresh token that revocation needs; times in seconds (JWT). */
export interface RefreshClaims {
  readonly userId: number;
  readonly jti: string;
  /** `iat`. */
  readonly issuedAt: number;
  /** `exp`. */
  readonly expiresAt: number;
}

/** Thrown for any token that is malformed, forged, expired or of the wrong type. */
export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
  }
}

/**
 * Verifies bearer tokens of another issuer (the OIDC provider, added later). Returns
 * undefined when the token is not one of its own, throws {@link InvalidTokenError} when it
 * is but fails verification.
 */
export interface ExternalTokenVerifier {
  verify(token: string): Promise<TokenSubject | undefined>;
}

/** Settings of a {@link TokenService}. */
export interface TokenServiceOptions {
  /** HS256 key (the server secret). */
  readonly secret: Uint8Array;
  /** Access token lifetime in seconds (simplejwt default 300). */
  readonly accessLifetime: number;
  /** Refresh token lifetime in seconds (simplejwt default 86400). */
  readonly refreshLifetime: number;
  /** Verifiers tried, in order, for tokens that are not ours. */
  readonly externalVerifiers?: readonly ExternalTokenVerifier[];
  /** Clock, for tests. */
  readonly now?: () => Date;
}

/** Issues and verifies tokens; see the module comment. */
export interface TokenService {
  /** A fresh access + refresh pair for the user. */
  issuePair(userId: number): Promise<TokenPair>;
  /** A fresh access token for the user. */
  issueAccess(userId: number): Promise<string>;
  /**
   * The claims of a refresh token whose signature, type and expiry are valid; throws
   * {@link InvalidTokenError}. Revocation is checked elsewhere (`revocation.ts`).
   */
  verifyRefresh(token: string): Promise<RefreshClaims>;
  /** The subject of a valid bearer token for an API call; throws {@link InvalidTokenError}. */
  verifyBearer(token: string): Promise<TokenSubject>;
}

const ALGORITHM = 'HS256';

/** Creates the {@link TokenService}. */
export function createTokenService(options: TokenServiceOptions): TokenService {
  // One key object for the process: jose would otherwise import the raw secret per call.
  const key = createSecretKey(options.secret);
  const now = options.now ?? (() => new Date());

  async function issue(userId: number, tokenType: TokenType): Promise<string> {
    const iat = Math.floor(now().getTime() / 1000);
    const lifetime = tokenType === 'access' ? options.accessLifetime : options.refreshLifetime;
    // Claims in simplejwt's order; jti like simplejwt's uuid4().hex.
    const payload = {
      token_type: tokenType,
      exp: iat + lifetime,
      iat,
      jti: randomUUID().replaceAll('-', ''),
      user_id: userId,
    };
    return new SignJWT(payload).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).sign(key);
  }

  async function verifyOwn(token: string, expected: TokenType): Promise<RefreshClaims> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        requiredClaims: ['exp', 'iat', 'jti'],
        currentDate: now(),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.code);
      throw error;
    }
    if (payload.token_type !== expected) throw new InvalidTokenError('wrong token type');
    const userId = payload.user_id;
    if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId < 1) {
      throw new InvalidTokenError('bad user_id claim');
    }
    const { jti, iat, exp } = payload;
    // The jti must fit revoked_tokens.jti (varchar 64).
    if (typeof jti !== 'string' || jti.length === 0 || jti.length > 64) {
      throw new InvalidTokenError('bad jti claim');
    }
    if (typeof iat !== 'number' || typeof exp !== 'number') {
      throw new InvalidTokenError('bad iat or exp claim');
    }
    return { userId, jti, issuedAt: iat, expiresAt: exp };
  }

  function isOwnToken(token: string): boolean {
    try {
      return decodeProtectedHeader(token).alg === ALGORITHM;
    } catch {
      throw new InvalidTokenError('malformed token');
    }
  }

  return {
    async issuePair(userId) {
      return { access: await issue(userId, 'access'), refresh: await issue(userId, 'refresh') };
    },
    issueAccess: (userId) => issue(userId, 'access'),
    verifyRefresh: (token) => verifyOwn(token, 'refresh'),
    async verifyBearer(token) {
      if (isOwnToken(token)) {
        const { userId, issuedAt } = await verifyOwn(token, 'access');
        return { userId, issuedAt };
      }
      for (const verifier of options.externalVerifiers ?? []) {
        const subject = await verifier.verify(token);
        if (subject) return subject;
      }
      throw new InvalidTokenError('no verifier accepts this token');
    },
  };
}

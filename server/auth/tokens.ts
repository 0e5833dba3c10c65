/**
 * Bearer tokens: issuing and verifying simplejwt-compatible JWTs (docs/api.md "Authentication
 * endpoints"), and the one entry point that verifies any bearer token an API call carries.
 *
 * Own tokens are HS256 with claims `token_type` (`access` | `refresh`), `exp`, `iat`, `jti`
 * and `user_id` (simplejwt's), plus `gen`, the user's token generation they were issued
 * under (`revocation.ts`), and `sid`, the session (sign-in) they belong to (`sessions.ts`),
 * signed with the server secret. Only HS256 is accepted for them (so
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
 * Whom a valid bearer token speaks for: our tokens name the user id and the token
 * generation they were issued under (refused once the user's has moved on,
 * `revocation.ts`); an OIDC access token names an e-mail that is matched to an active user
 * (docs/api.md "Base, format, auth").
 */
export type TokenSubject =
  | { readonly userId: number; readonly generation: number; readonly sessionId: string }
  | { readonly email: string };

/** The claims of a valid refresh token that revocation needs; times in seconds (JWT). */
export interface RefreshClaims {
  readonly userId: number;
  readonly jti: string;
  /** `iat`. */
  readonly issuedAt: number;
  /** `exp`. */
  readonly expiresAt: number;
  /** `gen`: the user's token generation the token was issued under. */
  readonly generation: number;
  /** `sid`: the session (`sessions.id`) the token belongs to. */
  readonly sessionId: string;
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
  /** Refresh token lifetime in seconds. */
  readonly refreshLifetime: number;
  /**
   * A fresh access + refresh pair for the user, of its token generation `generation`
   * (`users.token_generation` as read with the credentials the pair is issued for), in
   * session `sessionId`; the refresh token's `jti` is `refreshJti` (the session's
   * `current_jti`, `sessions.ts`).
   */
  issuePair(
    userId: number,
    generation: number,
    sessionId: string,
    refreshJti: string,
  ): Promise<TokenPair>;
  /** A fresh access token for the user (see {@link TokenService.issuePair}). */
  issueAccess(userId: number, generation: number, sessionId: string): Promise<string>;
  /**
   * The claims of a refresh token whose signature, type and expiry are valid; throws
   * {@link InvalidTokenError}. Revocation is checked elsewhere (`revocation.ts`).
   */
  verifyRefresh(token: string): Promise<RefreshClaims>;
  /** The subject of a valid bearer token for an API call; throws {@link InvalidTokenError}. */
  verifyBearer(token: string): Promise<TokenSubject>;
}

const ALGORITHM = 'HS256';

/** A fresh `jti`, like simplejwt's `uuid4().hex`. */
export function newJti(): string {
  return randomUUID().replaceAll('-', '');
}

/** Creates the {@link TokenService}. */
export function createTokenService(options: TokenServiceOptions): TokenService {
  // One key object for the process: jose would otherwise import the raw secret per call.
  const key = createSecretKey(options.secret);
  const now = options.now ?? (() => new Date());

  async function issue(
    userId: number,
    generation: number,
    sessionId: string,
    tokenType: TokenType,
    jti: string = newJti(),
  ): Promise<string> {
    const iat = Math.floor(now().getTime() / 1000);
    const lifetime = tokenType === 'access' ? options.accessLifetime : options.refreshLifetime;
    // Claims in simplejwt's order, then ours.
    const payload = {
      token_type: tokenType,
      exp: iat + lifetime,
      iat,
      jti,
      user_id: userId,
      gen: generation,
      sid: sessionId,
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
    // Tokens without a generation (issued before it existed) cannot be checked: refused.
    const { gen } = payload;
    if (typeof gen !== 'number' || !Number.isSafeInteger(gen) || gen < 0) {
      throw new InvalidTokenError('bad gen claim');
    }
    // Tokens without a session (issued before sessions existed) cannot be revoked: refused.
    const { sid } = payload;
    if (typeof sid !== 'string' || sid.length === 0 || sid.length > 32) {
      throw new InvalidTokenError('bad sid claim');
    }
    return { userId, jti, issuedAt: iat, expiresAt: exp, generation: gen, sessionId: sid };
  }

  function isOwnToken(token: string): boolean {
    try {
      return decodeProtectedHeader(token).alg === ALGORITHM;
    } catch {
      throw new InvalidTokenError('malformed token');
    }
  }

  return {
    refreshLifetime: options.refreshLifetime,
    async issuePair(userId, generation, sessionId, refreshJti) {
      return {
        access: await issue(userId, generation, sessionId, 'access'),
        refresh: await issue(userId, generation, sessionId, 'refresh', refreshJti),
      };
    },
    issueAccess: (userId, generation, sessionId) => issue(userId, generation, sessionId, 'access'),
    verifyRefresh: (token) => verifyOwn(token, 'refresh'),
    async verifyBearer(token) {
      if (isOwnToken(token)) {
        const { userId, generation, sessionId } = await verifyOwn(token, 'access');
        return { userId, generation, sessionId };
      }
      for (const verifier of options.externalVerifiers ?? []) {
        const subject = await verifier.verify(token);
        if (subject) return subject;
      }
      throw new InvalidTokenError('no verifier accepts this token');
    },
  };
}

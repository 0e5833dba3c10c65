/**
 * Authentication of API calls (simplejwt's `JWTAuthentication`): reads the
 * `Authorization: Bearer <token>` header, verifies the token (tokens.ts) and loads the
 * active user it names; an own token of a past token generation (issued before a password
 * change, e-mail change, deactivation or sign-out everywhere) or of a session that has
 * ended (logout, revoked from the session list, a reused refresh token) is refused like an
 * invalid one (revocation.ts, sessions.ts). Failures are 401s with simplejwt's bodies and
 * `WWW-Authenticate: Bearer realm="api"` (docs/api.md "Errors").
 *
 * A single sign-on provider's token names its user through `oidc-account.ts` (provider
 * account bound on first use). When the provider cannot be reached to check a token, the
 * answer is 503 `{"detail": …}` with `Retry-After`: the token may well be good, and a 401
 * would make the SPA sign the user out.
 */
import type { FastifyRequest } from 'fastify';
import { decodeProtectedHeader } from 'jose';
import type { Database } from '../db/client';
import { ApiError, permissionDenied } from '../http/errors';
import { messages } from '../i18n/messages';
import { countSignInFailure } from '../metrics';
import type { LocalizableJson } from '../i18n/text';
import { resolveOidcAccount } from './oidc-account';
import { isOidcTokenSubject, OidcProviderUnavailableError } from './oidc-verifier';
import { loadPrincipal, may, type Principal } from './principal';
import { generationRevoked } from './revocation';
import { InvalidTokenError, type TokenService } from './tokens';

const CHALLENGE = { 'www-authenticate': 'Bearer realm="api"' };

function unauthorized(body: LocalizableJson): ApiError {
  return new ApiError(401, body, CHALLENGE);
}

/** simplejwt's answer for a token that fails verification. */
export function tokenNotValid(): ApiError {
  return unauthorized({
    detail: messages.tokenNotValidForAnyType,
    code: 'token_not_valid',
    messages: [
      {
        token_class: 'AccessToken',
        token_type: 'access',
        message: messages.tokenInvalidOrExpired,
      },
    ],
  });
}

/** 503 for a token that cannot be checked now because the provider is unreachable. */
export function providerUnavailable(retryAfterS: number): ApiError {
  return new ApiError(
    503,
    { detail: messages.singleSignOnUnavailable },
    { 'retry-after': String(retryAfterS) },
  );
}

function userNotFound(): ApiError {
  return unauthorized({ detail: messages.userNotFound, code: 'user_not_found' });
}

/** True when `token` claims to be one of this server's own (HS256), not a provider's. */
function isOwnBearer(token: string): boolean {
  try {
    return decodeProtectedHeader(token).alg === 'HS256';
  } catch {
    return true;
  }
}

/** Resolves requests to principals. */
export interface Authenticator {
  /** The request's active user; throws a 401 {@link ApiError} when there is none. */
  authenticate(request: FastifyRequest): Promise<Principal>;
  /** {@link authenticate}, then a 403 unless the user holds `privilege`. */
  authorize(request: FastifyRequest, privilege: string): Promise<Principal>;
}

/** Creates the {@link Authenticator} over `db` and `tokens`. */
export function createAuthenticator(db: Database, tokens: TokenService): Authenticator {
  async function authenticate(request: FastifyRequest): Promise<Principal> {
    const header = request.headers.authorization;
    const parts = header?.trim().split(/\s+/) ?? [];
    if (parts[0]?.toLowerCase() !== 'bearer') {
      throw unauthorized({ detail: messages.notAuthenticated });
    }
    if (parts.length !== 2 || !parts[1]) {
      throw unauthorized({
        detail: messages.badAuthorizationHeader,
        code: 'bad_authorization_header',
      });
    }
    let subject;
    try {
      subject = await tokens.verifyBearer(parts[1]);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        request.log.info({ reason: error.message }, 'bearer token refused');
        if (!isOwnBearer(parts[1])) countSignInFailure('sso');
        throw tokenNotValid();
      }
      if (error instanceof OidcProviderUnavailableError) {
        request.log.warn({ reason: error.message }, 'single sign-on provider unavailable');
        throw providerUnavailable(error.retryAfterS);
      }
      throw error;
    }
    let principal: Principal | undefined;
    if ('userId' in subject) {
      principal = await loadPrincipal(db, { id: subject.userId, sessionId: subject.sessionId });
    } else if (isOidcTokenSubject(subject)) {
      const match = await resolveOidcAccount(db, subject);
      const account = { issuer: subject.oidcIssuer, subject: subject.oidcSubject };
      if (match.kind !== 'user') countSignInFailure('sso');
      if (match.kind === 'conflict') {
        // Answered like an unknown user: the refusal must not tell that the e-mail has one.
        request.log.warn(
          {
            userId: match.userId,
            account,
            boundAccount: { issuer: match.boundIssuer, subject: match.boundSubject },
          },
          'single sign-on refused: the e-mail’s user is bound to another provider account',
        );
        throw userNotFound();
      }
      if (match.kind === 'user') {
        principal = match.principal;
        if (match.bound) {
          request.log.info(
            { userId: principal.id, account },
            'single sign-on: provider account bound to the user',
          );
        }
      }
    } else {
      // Another external verifier's e-mail subject, matched as single sign-on's.
      principal = await loadPrincipal(db, subject);
    }
    if (!principal) throw userNotFound();
    // simplejwt's answer for an inactive user first (deactivating also voided the token).
    if (!principal.isActive) {
      throw unauthorized({ detail: messages.userInactive, code: 'user_inactive' });
    }
    // An own token of a past generation, or of a session that has ended, is void
    // (revocation.ts, sessions.ts).
    if (
      'userId' in subject &&
      (generationRevoked(subject.generation, principal.tokenGeneration) || !principal.session?.live)
    ) {
      throw tokenNotValid();
    }
    return principal;
  }

  return {
    authenticate,
    async authorize(request, privilege) {
      const principal = await authenticate(request);
      if (!may(principal, privilege)) throw permissionDenied();
      return principal;
    },
  };
}

/**
 * Authentication of API calls (simplejwt's `JWTAuthentication`): reads the
 * `Authorization: Bearer <token>` header, verifies the token (tokens.ts) and loads the
 * active user it names; an own token issued before the user's last password change is
 * refused like an invalid one (revocation.ts). Failures are 401s with simplejwt's bodies and
 * `WWW-Authenticate: Bearer realm="api"` (API.md "Errors").
 */
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { ApiError, permissionDenied } from '../http/errors';
import { messages } from '../i18n/messages';
import type { LocalizableJson } from '../i18n/text';
import { loadPrincipal, may, type Principal } from './principal';
import { issuedBeforePasswordChange } from './revocation';
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
      if (error instanceof InvalidTokenError) throw tokenNotValid();
      throw error;
    }
    const principal = await loadPrincipal(
      db,
      'userId' in subject ? { id: subject.userId } : subject,
    );
    if (!principal) throw unauthorized({ detail: messages.userNotFound, code: 'user_not_found' });
    // An own token issued before the password was last set is void (revocation.ts).
    if (
      'userId' in subject &&
      issuedBeforePasswordChange(subject.issuedAt, principal.passwordChangedAt)
    ) {
      throw tokenNotValid();
    }
    if (!principal.isActive) {
      throw unauthorized({ detail: messages.userInactive, code: 'user_inactive' });
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

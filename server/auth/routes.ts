/**
 * The authentication endpoints (docs/api.md "Authentication endpoints", djoser + simplejwt
 * shapes) and the public client configuration:
 * - `POST /auth/jwt/create/` `{email, password}` → `{access, refresh}`
 * - `POST /auth/jwt/refresh/` `{refresh}` → `{access, refresh}`: the refresh token is rotated
 *   (simplejwt's ROTATE_REFRESH_TOKENS + BLACKLIST_AFTER_ROTATION), the old one revoked
 * - `POST /auth/jwt/blacklist/` `{refresh}` → `{}`: revokes the refresh token (logout)
 * - `GET /auth/me/` → `{id, email, privileges}`
 * - `GET/PUT /auth/me/preferences/` → the user's own preferences (`preferences.ts`)
 * - `POST /users/reset_password/` `{email}` → 204 (always, before looking the address up;
 *   the mail is sent in the background)
 * - `POST /users/reset_password_confirm/` `{uid, token, new_password}` → 204
 * - `GET /config/` (and `/config.json`) → `{oidc: {issuer, client_id, max_age} | null, release}`
 *   (no authentication)
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { ApiError, ValidationError } from '../http/errors';
import { requestLang } from '../http/request-lang';
import type { Lang } from '../i18n/text';
import { registerPath } from '../http/routes';
import { AuthThrottle, ThrottleStore, type ThrottleRate } from '../http/throttle';
import { messages } from '../i18n/messages';
import { isEmailAddress } from '../resources/engine';
import type { Authenticator } from './authenticate';
import { readStrings } from './body';
import type { Mailer } from './mailer';
import { hashPassword, needsRehash, validateNewPassword, verifyPassword } from './passwords';
import { registerPreferenceRoutes } from './preferences';
import { loadPrincipal } from './principal';
import { resetMail } from './reset-mail';
import { recordAudit, SECRET_MARKER } from '../resources/engine';
import { emailKey } from './email-key';
import { decodeUid, encodeUid, type ResetTokens } from './reset-tokens';
import {
  isRefreshTokenRevoked,
  issuedBeforePasswordChange,
  passwordChangeTime,
  revokeRefreshToken,
} from './revocation';
import { InvalidTokenError, type RefreshClaims, type TokenService } from './tokens';

/** OIDC settings the SPA needs to offer single sign-on; null while none is configured. */
export interface OidcClientConfig {
  readonly issuer: string;
  readonly client_id: string;
  /**
   * Maximum authentication age in seconds (`OIDC_MAX_AGE`, docs/product.md §5 "maximum auth age
   * enforced if configured"): the SPA asks the provider for it (`max_age`) and refuses an
   * ID token whose `auth_time` is missing or older. Null or absent: not enforced.
   */
  readonly max_age?: number | null;
}

/** What the auth routes need from the app. */
export interface AuthRouteContext {
  readonly db: Database;
  readonly tokens: TokenService;
  readonly auth: Authenticator;
  readonly resetTokens: ResetTokens;
  /** Seconds a reset link stays valid (for the mail text). */
  readonly resetLifetime: number;
  readonly mailer: Mailer;
  /**
   * Base URL of the SPA for reset links: configured (`JOULE_PUBLIC_URL`) or the address
   * the server listens on — never taken from a request, whose `Host` a sender forges.
   */
  readonly publicUrl: () => string;
  /** Rate per e-mail and client address for anonymous auth calls; undefined: none. */
  readonly rate: ThrottleRate | undefined;
  readonly oidc: OidcClientConfig | null;
  readonly release: string | null;
  /** URL prefix of the API, e.g. `/api/v1`. */
  readonly prefix: string;
}

const CHALLENGE = { 'www-authenticate': 'Bearer realm="api"' };

/** simplejwt's answer for a refresh token that is invalid, expired or revoked. */
function refreshTokenNotValid(): ApiError {
  return new ApiError(
    401,
    { detail: messages.tokenInvalidOrExpired, code: 'token_not_valid' },
    CHALLENGE,
  );
}

/** Registers the endpoints listed in the module comment on `app`. */
export function registerAuthRoutes(app: FastifyInstance, context: AuthRouteContext): void {
  const { db, tokens, auth, resetTokens, mailer, prefix } = context;
  // Counters live in the database, shared by every instance (http/throttle.ts).
  const authThrottle = context.rate && new AuthThrottle(new ThrottleStore(db), context.rate);
  const throttle = async (request: FastifyRequest, scope: string, email: unknown) => {
    await authThrottle?.check(scope, request.ip, email);
  };
  const bodyField = (request: FastifyRequest, name: string): unknown =>
    typeof request.body === 'object' && request.body !== null
      ? (request.body as Record<string, unknown>)[name]
      : undefined;

  registerPath(app, `${prefix}/auth/jwt/create/`, {
    async POST(request) {
      await throttle(request, 'login', bodyField(request, 'email'));
      const { email, password } = readStrings(request.body, {
        email: { trim: true },
        password: { trim: false },
      });
      const [user] = await db
        .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
        .from(users)
        .where(eq(users.email, emailKey(email)));
      // Always verify (against a dummy hash when there is no user): equal time either way.
      const valid = await verifyPassword(password, user?.passwordHash ?? null);
      if (!user || !valid || !user.isActive) {
        throw new ApiError(401, { detail: messages.noActiveAccount }, CHALLENGE);
      }
      const oldHash = user.passwordHash;
      if (oldHash && needsRehash(oldHash)) {
        // A hash of an older, lower cost: store one of today's cost now that the password
        // is at hand. Unless a password change won the race; a failure does not stop the
        // sign-in.
        try {
          await db
            .update(users)
            .set({ passwordHash: await hashPassword(password) })
            .where(and(eq(users.id, user.id), eq(users.passwordHash, oldHash)));
        } catch (error) {
          request.log.error({ err: error }, 'password hash could not be upgraded');
        }
      }
      return tokens.issuePair(user.id);
    },
  });

  registerPath(app, `${prefix}/auth/jwt/refresh/`, {
    async POST(request) {
      const claims = await readRefreshToken(request);
      const principal = await loadPrincipal(db, { id: claims.userId });
      if (!principal?.isActive) {
        throw new ApiError(
          401,
          { detail: messages.noActiveAccountForToken, code: 'no_active_account' },
          CHALLENGE,
        );
      }
      if (issuedBeforePasswordChange(claims.issuedAt, principal.passwordChangedAt)) {
        throw refreshTokenNotValid();
      }
      // Rotation: the old token is revoked atomically, so of two concurrent refreshes with
      // one token only the first gets new tokens (a replayed token is refused).
      if (!(await revokeRefreshToken(db, claims))) throw refreshTokenNotValid();
      return tokens.issuePair(claims.userId);
    },
  });

  registerPath(app, `${prefix}/auth/jwt/blacklist/`, {
    async POST(request) {
      // simplejwt's TokenBlacklistView: no authentication, the refresh token is the proof.
      const claims = await readRefreshToken(request);
      if (!(await revokeRefreshToken(db, claims))) throw refreshTokenNotValid();
      return {};
    },
  });

  /** The claims of the request's valid, unrevoked refresh token; 401 token_not_valid else. */
  async function readRefreshToken(request: FastifyRequest): Promise<RefreshClaims> {
    const { refresh } = readStrings(request.body, { refresh: { trim: true } });
    let claims: RefreshClaims;
    try {
      claims = await tokens.verifyRefresh(refresh);
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      throw refreshTokenNotValid();
    }
    if (await isRefreshTokenRevoked(db, claims.jti)) throw refreshTokenNotValid();
    return claims;
  }

  registerPath(app, `${prefix}/auth/me/`, {
    async GET(request) {
      const principal = await auth.authenticate(request);
      return { id: principal.id, email: principal.email, privileges: principal.privileges };
    },
  });

  registerPreferenceRoutes(app, { db, auth, prefix });

  registerPath(app, `${prefix}/users/reset_password/`, {
    async POST(request, reply) {
      await throttle(request, 'reset', bodyField(request, 'email'));
      const { email } = readStrings(request.body, { email: { trim: true } });
      if (!isEmailAddress(email)) throw new ValidationError({ email: [messages.invalidEmail] });
      const lang = requestLang(request);
      // Answer first, then look the address up and mail: neither the status nor the time
      // of the answer may tell whether the account exists. Failures are only logged.
      reply.code(204).send();
      sendResetMail(email, lang).catch((error: unknown) => {
        request.log.error({ err: error }, 'password reset mail could not be sent');
      });
      return reply;
    },
  });

  async function sendResetMail(email: string, lang: Lang) {
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.email, emailKey(email)));
    if (!user?.isActive) return;
    const base = context.publicUrl().replace(/\/+$/, '');
    const link = `${base}/password-reset/${encodeUid(user.id)}/${resetTokens.make(user)}`;
    const hours = Math.round(context.resetLifetime / 3600);
    await mailer.send(resetMail(user.email, link, hours, lang));
  }

  registerPath(app, `${prefix}/users/reset_password_confirm/`, {
    async POST(request, reply) {
      await throttle(request, 'reset-confirm', undefined);
      const body = readStrings(request.body, {
        uid: { trim: true },
        token: { trim: true },
        new_password: { trim: false },
      });
      const id = decodeUid(body.uid);
      await db.transaction(async (tx) => {
        // Locking the row makes the token single-use even under concurrent confirmations.
        const [user] =
          id === undefined
            ? []
            : await tx.select().from(users).where(eq(users.id, id)).for('update');
        if (!user) throw new ValidationError({ uid: [messages.invalidUid] });
        if (!resetTokens.check(user, body.token)) {
          throw new ValidationError({ token: [messages.invalidResetToken] });
        }
        const problems = validateNewPassword(body.new_password);
        if (problems.length > 0) throw new ValidationError({ new_password: problems });
        await tx
          .update(users)
          // Tokens issued before now stop working (revocation.ts).
          .set({
            passwordHash: await hashPassword(body.new_password),
            passwordChangedAt: passwordChangeTime(),
          })
          .where(eq(users.id, user.id));
        // The audit log records that the password changed, never the hash (engine/audit.ts).
        await recordAudit(tx, {
          resource: 'users',
          rowId: user.id,
          action: 'update',
          // The user proved to hold the mailbox: the change is theirs.
          actor: { id: user.id, email: user.email },
          changes: { password: [SECRET_MARKER, SECRET_MARKER] },
        });
      });
      return reply.code(204).send();
    },
  });

  const oidc = context.oidc ? { ...context.oidc, max_age: context.oidc.max_age ?? null } : null;
  const config = { GET: async () => ({ oidc, release: context.release }) };
  registerPath(app, `${prefix}/config/`, config);
  // The same, where the SPA's dev server proxies it (vite.config.ts).
  registerPath(app, '/config.json', config);
}

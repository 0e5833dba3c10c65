/**
 * The authentication endpoints (API.md "Authentication endpoints", djoser + simplejwt
 * shapes) and the public client configuration:
 * - `POST /auth/jwt/create/` `{email, password}` → `{access, refresh}`
 * - `POST /auth/jwt/refresh/` `{refresh}` → `{access}`
 * - `GET /auth/me/` → `{id, email, privileges}`
 * - `POST /users/reset_password/` `{email}` → 204 (always)
 * - `POST /users/reset_password_confirm/` `{uid, token, new_password}` → 204
 * - `GET /config/` (and `/config.json`) → `{oidc: {issuer, client_id, max_age} | null, release}`
 *   (no authentication)
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { ApiError, ValidationError } from '../http/errors';
import { requestLang } from '../http/request-lang';
import { registerPath } from '../http/routes';
import { AuthThrottle, ThrottleStore, type ThrottleRate } from '../http/throttle';
import { requestOrigin } from '../http/urls';
import { messages } from '../i18n/messages';
import { isEmailAddress } from '../resources/engine/codecs/string';
import type { Authenticator } from './authenticate';
import { readStrings } from './body';
import type { Mailer } from './mailer';
import { hashPassword, validateNewPassword, verifyPassword } from './passwords';
import { loadPrincipal } from './principal';
import { resetMail } from './reset-mail';
import { decodeUid, encodeUid, type ResetTokens } from './reset-tokens';
import { InvalidTokenError, type TokenService } from './tokens';

/** OIDC settings the SPA needs to offer single sign-on; null while none is configured. */
export interface OidcClientConfig {
  readonly issuer: string;
  readonly client_id: string;
  /**
   * Maximum authentication age in seconds (`OIDC_MAX_AGE`, SPEC §5 "maximum auth age
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
  /** Base URL of the SPA for reset links; the request's origin when undefined. */
  readonly publicUrl: string | undefined;
  /** Rate per e-mail and client address for anonymous auth calls; undefined: none. */
  readonly rate: ThrottleRate | undefined;
  readonly oidc: OidcClientConfig | null;
  readonly release: string | null;
  /** URL prefix of the API, e.g. `/api/v1`. */
  readonly prefix: string;
}

const CHALLENGE = { 'www-authenticate': 'Bearer realm="api"' };

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
        .where(eq(users.email, email.toLowerCase()));
      // Always verify (against a dummy hash when there is no user): equal time either way.
      const valid = await verifyPassword(password, user?.passwordHash ?? null);
      if (!user || !valid || !user.isActive) {
        throw new ApiError(401, { detail: messages.noActiveAccount }, CHALLENGE);
      }
      return tokens.issuePair(user.id);
    },
  });

  registerPath(app, `${prefix}/auth/jwt/refresh/`, {
    async POST(request) {
      const { refresh } = readStrings(request.body, { refresh: { trim: true } });
      let userId: number;
      try {
        userId = await tokens.verifyRefresh(refresh);
      } catch (error) {
        if (!(error instanceof InvalidTokenError)) throw error;
        throw new ApiError(
          401,
          { detail: messages.tokenInvalidOrExpired, code: 'token_not_valid' },
          CHALLENGE,
        );
      }
      const principal = await loadPrincipal(db, { id: userId });
      if (!principal?.isActive) {
        throw new ApiError(
          401,
          { detail: messages.noActiveAccountForToken, code: 'no_active_account' },
          CHALLENGE,
        );
      }
      return { access: await tokens.issueAccess(userId) };
    },
  });

  registerPath(app, `${prefix}/auth/me/`, {
    async GET(request) {
      const principal = await auth.authenticate(request);
      return { id: principal.id, email: principal.email, privileges: principal.privileges };
    },
  });

  registerPath(app, `${prefix}/users/reset_password/`, {
    async POST(request, reply) {
      await throttle(request, 'reset', bodyField(request, 'email'));
      const { email } = readStrings(request.body, { email: { trim: true } });
      if (!isEmailAddress(email)) throw new ValidationError({ email: [messages.invalidEmail] });
      const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      if (user?.isActive) {
        const base = (context.publicUrl ?? requestOrigin(request)).replace(/\/+$/, '');
        const link = `${base}/password-reset/${encodeUid(user.id)}/${resetTokens.make(user)}`;
        const hours = Math.round(context.resetLifetime / 3600);
        try {
          await mailer.send(resetMail(user.email, link, hours, requestLang(request)));
        } catch (error) {
          // Answer 204 anyway: the status must not tell whether the account exists.
          request.log.error({ err: error }, 'password reset mail could not be sent');
        }
      }
      return reply.code(204).send();
    },
  });

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
          .set({ passwordHash: await hashPassword(body.new_password) })
          .where(eq(users.id, user.id));
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

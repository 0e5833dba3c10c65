/**
 * The authentication endpoints (docs/api.md "Authentication endpoints", djoser + simplejwt
 * shapes) and the public client configuration:
 * - `POST /auth/jwt/create/` `{email, password}` → `{access, refresh}`, or a challenge for the
 *   second factor (`two-factor-routes.ts`)
 * - `POST /auth/jwt/refresh/` `{refresh}` → `{access, refresh}`: the refresh token is rotated
 *   (simplejwt's ROTATE_REFRESH_TOKENS + BLACKLIST_AFTER_ROTATION), the old one revoked; an
 *   old one presented again revokes its whole session (`sessions.ts`)
 * - `POST /auth/jwt/blacklist/` `{refresh}` → `{}`: revokes the refresh token and its session
 *   (logout)
 * - the session list and signing out everywhere (`session-routes.ts`)
 * - `GET /auth/me/` → `{id, email, privileges}`
 * - `POST /auth/me/password/` `{current_password, new_password}` and `POST /auth/me/email/`
 *   `{current_password, new_email}` → `{access, refresh}`: one's own account, with the current
 *   password; every other session is signed out
 * - `GET/PUT /auth/me/preferences/` → the user's own preferences (`preferences.ts`)
 * - `POST /users/reset_password/` `{email}` → 204 (always, before looking the address up;
 *   the mail is sent in the background)
 * - `POST /users/reset_password_confirm/` `{uid, token, new_password}` → 204
 * - `GET /config/` (and `/config.json`) → `{oidc: {issuer, client_id, max_age} | null, release}`
 *   (no authentication)
 */
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { PG_UNIQUE_VIOLATION, pgErrorOf } from '../db/errors';
import { text } from '../i18n/text';
import { ApiError, ValidationError } from '../http/errors';
import { requestLang } from '../http/request-lang';
import type { Lang } from '../i18n/text';
import { registerPath } from '../http/routes';
import { AuthThrottle, ThrottleStore, type ThrottleRate } from '../http/throttle';
import { messages } from '../i18n/messages';
import { countSignInFailure, countThrottled, type ThrottleScope } from '../metrics';
import type { Authenticator } from './authenticate';
import { readStrings } from './body';
import type { Mailer } from './mailer';
import { hashPassword, needsRehash, validateNewPassword, verifyPassword } from './passwords';
import { registerPreferenceRoutes } from './preferences';
import { registerViewRoutes } from './views';
import { loadPrincipal } from './principal';
import { resetMail } from './reset-mail';
import { recordAudit, SECRET_MARKER } from '../resources/engine';
import { emailKey } from './email-key';
import { decodeUid, encodeUid, type ResetTokens } from './reset-tokens';
import {
  generationRevoked,
  isRefreshTokenRevoked,
  keepingTokens,
  revokeRefreshToken,
} from './revocation';
import { registerSessionRoutes } from './session-routes';
import { SecretBox } from './two-factor';
import { passwordSignedIn, registerTwoFactorRoutes } from './two-factor-routes';
import { revokeSession, rotateSession, sessionClient, startSession } from './sessions';
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
  /** The server's secret: TOTP secrets are kept encrypted under a key derived from it. */
  readonly secret: Uint8Array;
}

const CHALLENGE = { 'www-authenticate': 'Bearer realm="api"' };

/** The users resource's answer for an e-mail another user has. */
const EMAIL_TAKEN = messages.unique(text('User', 'Uživatel'), text('Email', 'E-mail'));

/** simplejwt's answer for a refresh token that is invalid, expired or revoked. */
function refreshTokenNotValid(): ApiError {
  return new ApiError(
    401,
    { detail: messages.tokenInvalidOrExpired, code: 'token_not_valid' },
    CHALLENGE,
  );
}

/** The metrics' name of a throttle scope of these routes. */
function throttleScope(scope: string): ThrottleScope {
  if (scope === 'login') return 'sign_in';
  if (scope.startsWith('reset')) return 'password_reset';
  return 'other';
}

/** Registers the endpoints listed in the module comment on `app`. */
export function registerAuthRoutes(app: FastifyInstance, context: AuthRouteContext): void {
  const { db, tokens, auth, resetTokens, mailer, prefix } = context;
  const box = new SecretBox(context.secret);
  // Counters live in the database, shared by every instance (http/throttle.ts).
  const authThrottle = context.rate && new AuthThrottle(new ThrottleStore(db), context.rate);
  const throttle = async (request: FastifyRequest, scope: string, email: unknown) => {
    try {
      await authThrottle?.check(scope, request.ip, email);
    } catch (error) {
      // docs/operations.md "Metrics": joule_throttled_requests_total.
      if (error instanceof ApiError && error.status === 429) countThrottled(throttleScope(scope));
      throw error;
    }
  };
  const bodyField = (request: FastifyRequest, name: string): unknown =>
    typeof request.body === 'object' && request.body !== null
      ? (request.body as Record<string, unknown>)[name]
      : undefined;

  registerPath(app, `${prefix}/auth/jwt/create/`, {
    async POST(request) {
      await throttle(request, 'login', bodyField(request, 'email'));
      // A malformed or oversized e-mail, or a non-string, is a 400 before any lookup and
      // costs no scrypt (docs/security.md "Throttling and bounded input").
      const { email, password } = readStrings(request.body, {
        email: { trim: true, email: true },
        password: { trim: false, stringOnly: true },
      });
      const [user] = await db
        .select({
          id: users.id,
          passwordHash: users.passwordHash,
          isActive: users.isActive,
          // Read with the hash: tokens of a password changed meanwhile are void (revocation.ts).
          tokenGeneration: users.tokenGeneration,
          email: users.email,
          roles: users.roles,
          totpSecret: users.totpSecret,
        })
        .from(users)
        .where(eq(users.email, emailKey(email)));
      // Always verify (against a dummy hash when there is no user): equal time either way.
      const valid = await verifyPassword(password, user?.passwordHash ?? null);
      if (!user || !valid || !user.isActive) {
        countSignInFailure(user && valid ? 'inactive' : 'credentials');
        throw new ApiError(401, { detail: messages.noActiveAccount }, CHALLENGE);
      }
      const oldHash = user.passwordHash;
      if (oldHash && needsRehash(oldHash)) {
        // A hash of an older, lower cost: store one of today's cost now that the password
        // is at hand. Unless a password change won the race; a failure does not stop the
        // sign-in.
        try {
          const newHash = await hashPassword(password);
          // The same password again: the user's tokens stay valid (revocation.ts).
          await keepingTokens(db, (tx) =>
            tx
              .update(users)
              .set({ passwordHash: newHash })
              .where(and(eq(users.id, user.id), eq(users.passwordHash, oldHash))),
          );
        } catch (error) {
          request.log.error({ err: error }, 'password hash could not be upgraded');
        }
      }
      // Tokens, or a challenge for the second factor (docs/security.md "Two-factor sign-in").
      return passwordSignedIn({ db, tokens, box }, user, sessionClient(request));
    },
  });

  registerPath(app, `${prefix}/auth/jwt/refresh/`, {
    async POST(request) {
      try {
        return await refresh(request);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) countSignInFailure('refresh');
        throw error;
      }
    },
  });

  /** The rotation of `POST /auth/jwt/refresh/`: a new pair for a valid refresh token. */
  async function refresh(request: FastifyRequest) {
    const claims = await readRefreshToken(request);
    const principal = await loadPrincipal(db, { id: claims.userId });
    if (!principal?.isActive) {
      throw new ApiError(
        401,
        { detail: messages.noActiveAccountForToken, code: 'no_active_account' },
        CHALLENGE,
      );
    }
    if (generationRevoked(claims.generation, principal.tokenGeneration)) {
      throw refreshTokenNotValid();
    }
    // Rotation within the session (sessions.ts): only its current refresh token moves it
    // on; an earlier one of a live session is a reuse and ends the session, successor and
    // access tokens included (docs/security.md "Tokens").
    const rotation = await rotateSession(db, tokens, claims, sessionClient(request));
    if (rotation.kind === 'reused') {
      request.log.warn(
        { userId: claims.userId, session: claims.sessionId },
        'refresh token reused: its session is revoked',
      );
    }
    if (rotation.kind !== 'rotated') throw refreshTokenNotValid();
    return rotation.pair;
  }

  registerPath(app, `${prefix}/auth/jwt/blacklist/`, {
    async POST(request) {
      // simplejwt's TokenBlacklistView: no authentication, the refresh token is the proof.
      // Logout ends the session, so its access tokens stop working at once (sessions.ts).
      const claims = await readRefreshToken(request);
      if (!(await revokeRefreshToken(db, claims))) throw refreshTokenNotValid();
      await revokeSession(db, claims.userId, claims.sessionId);
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

  // One's own password and e-mail: only with the current password, so that a stolen access
  // token cannot take the account over; the change signs out every session (the token
  // generation moves on) and queues a notice mail (docs/security.md "Account changes").
  // The answer is a new pair for the session that made the change.
  registerPath(app, `${prefix}/auth/me/password/`, {
    async POST(request) {
      const principal = await auth.authenticate(request);
      await throttle(request, 'me-password', principal.email);
      const body = readStrings(request.body, {
        current_password: { trim: false, stringOnly: true },
        new_password: { trim: false, stringOnly: true },
      });
      const problems = validateNewPassword(body.new_password);
      if (problems.length > 0) throw new ValidationError({ new_password: problems });
      return changeOwnAccount(request, principal.id, body.current_password, {
        password: body.new_password,
      });
    },
  });

  registerPath(app, `${prefix}/auth/me/email/`, {
    async POST(request) {
      const principal = await auth.authenticate(request);
      await throttle(request, 'me-password', principal.email);
      const body = readStrings(request.body, {
        current_password: { trim: false, stringOnly: true },
        new_email: { trim: true, email: true },
      });
      return changeOwnAccount(request, principal.id, body.current_password, {
        email: emailKey(body.new_email),
      });
    },
  });

  /**
   * Sets user `id`'s new password or e-mail once `currentPassword` is theirs, audited, and
   * answers a new token pair of the generation the change moved on to, in a new session (the
   * change ended every session of the user, the asking one included: migration 0026).
   */
  async function changeOwnAccount(
    request: FastifyRequest,
    id: number,
    currentPassword: string,
    change: { readonly password: string } | { readonly email: string },
  ) {
    const generation = await db
      .transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
        if (!user?.isActive) throw new ApiError(401, { detail: messages.userInactive }, CHALLENGE);
        if (!(await verifyPassword(currentPassword, user.passwordHash))) {
          countSignInFailure('credentials');
          throw new ValidationError({ current_password: [messages.wrongCurrentPassword] });
        }
        if ('email' in change) {
          const [clash] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.email, change.email), ne(users.id, id)));
          if (clash) throw new ValidationError({ new_email: [EMAIL_TAKEN] });
        }
        const [updated] = await tx
          .update(users)
          .set(
            'email' in change
              ? { email: change.email }
              : {
                  passwordHash: await hashPassword(change.password),
                  passwordChangedAt: new Date(),
                },
          )
          .where(eq(users.id, id))
          .returning({ tokenGeneration: users.tokenGeneration });
        await recordAudit(tx, {
          resource: 'users',
          rowId: id,
          action: 'update',
          actor: { id, email: user.email },
          changes:
            'email' in change
              ? { email: [user.email, change.email] }
              : { password: [SECRET_MARKER, SECRET_MARKER] },
        });
        return updated!.tokenGeneration;
      })
      .catch((error: unknown) => {
        if (pgErrorOf(error)?.code === PG_UNIQUE_VIOLATION) {
          throw new ValidationError({ new_email: [EMAIL_TAKEN] });
        }
        throw error;
      });
    return startSession(db, tokens, id, generation, sessionClient(request));
  }

  registerSessionRoutes(app, { db, auth, prefix });
  registerTwoFactorRoutes(app, { db, tokens, auth, box, prefix });
  registerPreferenceRoutes(app, { db, auth, prefix });
  registerViewRoutes(app, { db, auth, prefix });

  registerPath(app, `${prefix}/users/reset_password/`, {
    async POST(request, reply) {
      await throttle(request, 'reset', bodyField(request, 'email'));
      const { email } = readStrings(request.body, { email: { trim: true, email: true } });
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
          // The new hash moves the token generation on: every earlier token is void
          // (revocation.ts).
          .set({
            passwordHash: await hashPassword(body.new_password),
            passwordChangedAt: new Date(),
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

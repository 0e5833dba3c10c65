/**
 * The two-factor endpoints (docs/security.md "Two-factor sign-in", docs/api.md
 * "Authentication endpoints"):
 * - `POST /auth/jwt/create/` of a user with a second factor answers
 *   `{second_factor: "totp", challenge}` instead of tokens ({@link passwordSignedIn}); of a
 *   user whose role requires one and who has none, `{second_factor: "enrol", challenge,
 *   secret, otpauth_url, qr}`
 * - `POST /auth/two_factor/` `{challenge, code}` or `{challenge, recovery_code}` →
 *   `{access, refresh}`; after an enrolment also `recovery_codes` (shown once)
 * - `GET /auth/me/two_factor/` → `{enabled, required, recovery_codes_left}`
 * - `POST /auth/me/two_factor/setup/` → `{challenge, secret, otpauth_url, qr}`, then
 *   `POST /auth/me/two_factor/confirm/` `{challenge, code}` → `{recovery_codes, access,
 *   refresh}`
 * - `POST /auth/me/two_factor/disable/` `{current_password}` → `{access, refresh}` (400 when a
 *   role requires it)
 * - `POST /users/{id}/reset_two_factor/` → 204: a superuser removes a user's second factor
 *   (audited); nobody else
 * Turning the second factor on or off, and its reset, end the user's other sessions (their
 * token generation moves on, docs/security.md "Tokens"); the session that turned it on or
 * off gets a new pair.
 *
 * Code guesses are bounded twice: a challenge dies after `MAX_CHALLENGE_FAILURES` wrong
 * codes, and every user takes at most {@link USER_ATTEMPTS} codes per
 * {@link USER_WINDOW_SECONDS} seconds whatever the challenge (429 with `Retry-After`, counted
 * in the sign-in throttle's table, `http/throttle.ts`).
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { ApiError, ValidationError, detailError, notFound } from '../http/errors';
import { registerPath } from '../http/routes';
import { ThrottleStore, throttleKey } from '../http/throttle';
import { messages } from '../i18n/messages';
import { text } from '../i18n/text';
import { recordAudit } from '../resources/engine';
import type { Authenticator } from './authenticate';
import { readStrings } from './body';
import { verifyPassword } from './passwords';
import { SUPERUSER } from './privileges';
import { sessionClient, startSession, type SessionClient } from './sessions';
import type { TokenPair, TokenService } from './tokens';
import {
  type SecretBox,
  checkTotp,
  clearTwoFactor,
  countFailure,
  endChallenge,
  enrolmentOf,
  findChallenge,
  matchRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  startChallenge,
  twoFactorRequired,
  type Challenge,
} from './two-factor';

/** The user's next token generation, in an update of their row (server/auth/revocation.ts). */
const nextGeneration = sql`${users.tokenGeneration} + 1`;

/** Codes (right or wrong) one user may try per window, over all their challenges. */
export const USER_ATTEMPTS = 10;
/** The window of {@link USER_ATTEMPTS}. */
export const USER_WINDOW_SECONDS = 900;

const INT32_MAX = 2_147_483_647;

const T = {
  challengeNotValid: text(
    'The sign-in has expired or was refused; sign in with your password again.',
    'Přihlášení vypršelo nebo bylo odmítnuto; přihlaste se znovu heslem.',
  ),
  wrongCode: text('The code is not right.', 'Kód není správný.'),
  codeOrRecovery: text('Enter a code or a recovery code.', 'Zadejte kód nebo záložní kód.'),
  required: text(
    'Your role requires two-factor sign-in; it cannot be turned off.',
    'Vaše role vyžaduje dvoufázové ověření; nelze je vypnout.',
  ),
};

/** What the two-factor routes need from the app. */
export interface TwoFactorRouteContext {
  readonly db: Database;
  readonly tokens: TokenService;
  readonly auth: Authenticator;
  readonly box: SecretBox;
  readonly prefix: string;
}

/** The user a right password signed in, as {@link passwordSignedIn} needs them. */
export interface PasswordUser {
  readonly id: number;
  readonly email: string;
  readonly tokenGeneration: number;
  readonly totpSecret: string | null;
  readonly roles: readonly number[];
}

/**
 * The answer to a right password (docs/security.md "Two-factor sign-in"): tokens when the user
 * has no second factor and needs none; else a challenge, with a new secret to enrol when the
 * user's role requires a second factor they have not set up.
 */
export async function passwordSignedIn(
  context: Pick<TwoFactorRouteContext, 'db' | 'tokens' | 'box'>,
  user: PasswordUser,
  client: SessionClient,
): Promise<TokenPair | Record<string, string>> {
  const { db, tokens, box } = context;
  if (user.totpSecret !== null) {
    const challenge = await startChallenge(db, user.id, user.tokenGeneration, 'totp');
    return { second_factor: 'totp', challenge };
  }
  if (await twoFactorRequired(db, user.roles)) {
    const secret = newTotpSecret();
    const challenge = await startChallenge(
      db,
      user.id,
      user.tokenGeneration,
      'enrol',
      box.seal(secret),
    );
    return { second_factor: 'enrol', challenge, ...(await enrolmentOf(secret, user.email)) };
  }
  return startSession(db, tokens, user.id, user.tokenGeneration, client);
}

function challengeNotValid(): ApiError {
  return new ApiError(401, { detail: T.challengeNotValid, code: 'challenge_not_valid' });
}

function userIdParam(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > INT32_MAX) throw notFound();
  return Number(raw);
}

/** The body's challenge and either `code` or `recovery_code`. */
function readCode(body: unknown): { challenge: string; code?: string; recoveryCode?: string } {
  const { challenge } = readStrings(body, { challenge: { trim: true, stringOnly: true } });
  const given = body as Record<string, unknown>;
  if (typeof given.code === 'string' && given.code.trim() !== '')
    return { challenge, code: given.code.replace(/\s/g, '') };
  if (typeof given.recovery_code === 'string' && given.recovery_code.trim() !== '')
    return { challenge, recoveryCode: given.recovery_code.trim() };
  throw new ValidationError({ code: [T.codeOrRecovery] });
}

/** Registers the endpoints listed in the module comment. */
export function registerTwoFactorRoutes(
  app: FastifyInstance,
  context: TwoFactorRouteContext,
): void {
  const { db, tokens, auth, box, prefix } = context;
  const store = new ThrottleStore(db);

  /** Counts one code of user `userId`; a 429 with `Retry-After` past {@link USER_ATTEMPTS}. */
  async function countAttempt(userId: number) {
    await store.purge();
    const [count] = await store.hit(
      [throttleKey('two-factor', 'user', String(userId))],
      USER_WINDOW_SECONDS,
    );
    if (count!.hits > USER_ATTEMPTS) {
      const seconds = count!.secondsLeft;
      throw detailError(429, messages.throttled(seconds), { 'retry-after': String(seconds) });
    }
  }

  /** A wrong code: counted against the challenge (which dies at the limit); a 400. */
  async function wrongCode(challenge: Challenge, field: string): Promise<never> {
    // The challenge dies at the limit: the next code answers 401 (sign in again).
    await countFailure(db, challenge);
    throw new ValidationError({ [field]: [T.wrongCode] });
  }

  /** Stores `secret` as user `userId`'s second factor with new recovery codes; answers them. */
  /**
   * Turns user `userId`'s second factor on with `secret`; resolves to the recovery codes
   * (shown once) and the user's new token generation: every session signed in without the
   * second factor ends ({@link nextGeneration}).
   */
  async function enrol(userId: number, email: string, secret: string, step: number) {
    const { codes, stored } = await newRecoveryCodes();
    const generation = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({
          totpSecret: box.seal(secret),
          totpLastStep: step,
          recoveryCodes: stored,
          tokenGeneration: nextGeneration,
        })
        .where(eq(users.id, userId))
        .returning({ tokenGeneration: users.tokenGeneration });
      await recordAudit(tx, {
        resource: 'users',
        rowId: userId,
        action: 'update',
        actor: { id: userId, email },
        changes: { two_factor: [false, true] },
      });
      return updated!.tokenGeneration;
    });
    return { codes, generation };
  }

  /**
   * Moves user `userId`'s token generation on: every token and session they hold ends (the
   * trigger of migration 0026); resolves to the new generation.
   */
  async function moveGenerationOn(tx: Database, userId: number): Promise<number> {
    const [updated] = await tx
      .update(users)
      .set({ tokenGeneration: nextGeneration })
      .where(eq(users.id, userId))
      .returning({ tokenGeneration: users.tokenGeneration });
    return updated!.tokenGeneration;
  }

  registerPath(app, `${prefix}/auth/two_factor/`, {
    async POST(request) {
      const given = readCode(request.body);
      const challenge = await findChallenge(db, given.challenge);
      if (!challenge || challenge.kind === 'setup') throw challengeNotValid();
      await countAttempt(challenge.userId);
      const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
      // A password change, deactivation or sign-out everywhere since the password: void.
      if (!user?.isActive || user.tokenGeneration !== challenge.tokenGeneration) {
        await endChallenge(db, challenge);
        throw challengeNotValid();
      }
      const client = sessionClient(request);
      if (challenge.kind === 'enrol') {
        const secret = challenge.pendingSecret && box.open(challenge.pendingSecret);
        if (!secret || given.code === undefined) throw challengeNotValid();
        const step = await checkTotp(secret, given.code, null);
        if (step === undefined) return wrongCode(challenge, 'code');
        await endChallenge(db, challenge);
        const { codes, generation } = await enrol(user.id, user.email, secret, step);
        const pair = await startSession(db, tokens, user.id, generation, client);
        return { ...pair, recovery_codes: codes };
      }
      const secret = user.totpSecret && box.open(user.totpSecret);
      if (!secret) throw challengeNotValid();
      if (given.code !== undefined) {
        const step = await checkTotp(secret, given.code, user.totpLastStep);
        if (step === undefined) return wrongCode(challenge, 'code');
        // Compare-and-set: of two requests with one code, only one moves the step on.
        const taken = await db
          .update(users)
          .set({ totpLastStep: step })
          .where(
            and(
              eq(users.id, user.id),
              or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
            ),
          )
          .returning({ id: users.id });
        if (taken.length === 0) return wrongCode(challenge, 'code');
      } else {
        const used = await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ recoveryCodes: users.recoveryCodes })
            .from(users)
            .where(eq(users.id, user.id))
            .for('update');
          const stored = row?.recoveryCodes ?? [];
          const index = await matchRecoveryCode(stored, given.recoveryCode!);
          if (index < 0) return false;
          await tx
            .update(users)
            .set({ recoveryCodes: stored.filter((_, at) => at !== index) })
            .where(eq(users.id, user.id));
          return true;
        });
        if (!used) return wrongCode(challenge, 'recovery_code');
        request.log.info({ userId: user.id }, 'signed in with a recovery code');
      }
      await endChallenge(db, challenge);
      return startSession(db, tokens, user.id, user.tokenGeneration, client);
    },
  });

  registerPath(app, `${prefix}/auth/me/two_factor/`, {
    async GET(request) {
      const principal = await auth.authenticate(request);
      const [user] = await db.select().from(users).where(eq(users.id, principal.id));
      if (!user) throw notFound();
      return {
        enabled: user.totpSecret !== null,
        required: await twoFactorRequired(db, user.roles),
        recovery_codes_left: user.recoveryCodes?.length ?? 0,
      };
    },
  });

  registerPath(app, `${prefix}/auth/me/two_factor/setup/`, {
    async POST(request) {
      const principal = await auth.authenticate(request);
      const secret = newTotpSecret();
      const challenge = await startChallenge(
        db,
        principal.id,
        principal.tokenGeneration,
        'setup',
        box.seal(secret),
      );
      return { challenge, ...(await enrolmentOf(secret, principal.email)) };
    },
  });

  registerPath(app, `${prefix}/auth/me/two_factor/confirm/`, {
    async POST(request) {
      const principal = await auth.authenticate(request);
      const given = readCode(request.body);
      const challenge = await findChallenge(db, given.challenge);
      if (challenge?.kind !== 'setup' || challenge.userId !== principal.id)
        throw challengeNotValid();
      await countAttempt(principal.id);
      const secret = challenge.pendingSecret && box.open(challenge.pendingSecret);
      if (!secret || given.code === undefined) throw challengeNotValid();
      const step = await checkTotp(secret, given.code, null);
      if (step === undefined) return wrongCode(challenge, 'code');
      await endChallenge(db, challenge);
      const { codes, generation } = await enrol(principal.id, principal.email, secret, step);
      // The other sessions end; this one goes on with a new pair.
      const pair = await startSession(db, tokens, principal.id, generation, sessionClient(request));
      return { ...pair, recovery_codes: codes };
    },
  });

  registerPath(app, `${prefix}/auth/me/two_factor/disable/`, {
    async POST(request) {
      const principal = await auth.authenticate(request);
      const { current_password } = readStrings(request.body, {
        current_password: { trim: false, stringOnly: true },
      });
      const [user] = await db.select().from(users).where(eq(users.id, principal.id));
      if (!user) throw notFound();
      await countAttempt(principal.id);
      if (!(await verifyPassword(current_password, user.passwordHash)))
        throw new ValidationError({ current_password: [messages.wrongCurrentPassword] });
      if (await twoFactorRequired(db, user.roles))
        throw new ValidationError({ non_field_errors: [T.required] });
      const generation = await db.transaction(async (tx) => {
        await clearTwoFactor(tx, principal.id);
        await recordAudit(tx, {
          resource: 'users',
          rowId: principal.id,
          action: 'update',
          actor: principal,
          changes: { two_factor: [user.totpSecret !== null, false] },
        });
        return moveGenerationOn(tx, principal.id);
      });
      // The other sessions end; this one goes on with a new pair.
      return startSession(db, tokens, principal.id, generation, sessionClient(request));
    },
  });

  registerPath(app, `${prefix}/users/:id/reset_two_factor/`, {
    async POST(request, reply) {
      // Only a superuser: a USERS holder resetting it would take the second factor away
      // from the accounts it protects (docs/security.md "Two-factor sign-in").
      const editor = await auth.authorize(request, SUPERUSER);
      const id = userIdParam(request);
      const [target] = await db
        .select({ id: users.id, totpSecret: users.totpSecret })
        .from(users)
        .where(eq(users.id, id));
      if (!target) throw notFound();
      await db.transaction(async (tx) => {
        await clearTwoFactor(tx, id);
        // Whoever may hold the lost device's sessions is signed out.
        await moveGenerationOn(tx, id);
        await recordAudit(tx, {
          resource: 'users',
          rowId: id,
          action: 'update',
          actor: editor,
          changes: { two_factor_reset: [target.totpSecret !== null, false] },
        });
      });
      request.log.info({ userId: id, by: editor.id }, 'second factor reset');
      return reply.code(204).send();
    },
  });
}

/**
 * Sessions (docs/security.md "Tokens"): every sign-in starts one (`sessions` row), and all
 * tokens of it carry its id as claim `sid`. The session is the _family_ of the refresh tokens
 * rotated from the sign-in's: only its `current_jti` may be used, and the rotation moves it on
 * with a compare-and-set, so presenting any earlier refresh token of the family (a stolen copy
 * used after the user refreshed, or the user's own after the thief did) revokes the whole
 * session, the successor included (OAuth 2.0 Security BCP, refresh token reuse detection).
 *
 * Access tokens are checked against their session on every request: `principal.ts` reads
 * whether the session is live in the same query that loads the user (a primary-key lookup,
 * no extra round trip), so logout, revoking a session from the list and signing out
 * everywhere void its access tokens at once, not when they expire.
 *
 * Signing out everywhere moves the user's token generation on (`revocation.ts`); the
 * trigger that does the same for a new password, e-mail or a deactivation also ends every
 * session of the user (migration 0026).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { newJti, type RefreshClaims, type TokenPair, type TokenService } from './tokens';

/** Expired session rows deleted per sign-in at most: keeps the purge cheap and bounded. */
const PURGE_BATCH = 100;

/** The longest `User-Agent` kept (the column's width). */
const USER_AGENT_MAX = 400;

/** Who signs in: the browser and the address, as shown in the session list. */
export interface SessionClient {
  readonly userAgent: string | null;
  readonly address: string | null;
}

/** The {@link SessionClient} of a request. */
export function sessionClient(request: FastifyRequest): SessionClient {
  const agent = request.headers['user-agent'];
  return {
    userAgent: typeof agent === 'string' && agent !== '' ? agent.slice(0, USER_AGENT_MAX) : null,
    address: request.ip ? request.ip.slice(0, 64) : null,
  };
}

/** A new random session id (32 hex digits, the column's width). */
function newSessionId(): string {
  return randomBytes(16).toString('hex');
}

function expiryOf(tokens: TokenService): Date {
  return new Date(Date.now() + tokens.refreshLifetime * 1000);
}

/**
 * Starts a session for user `userId` of token generation `generation` and answers its first
 * token pair. Also deletes a bounded batch of sessions whose last refresh token has expired.
 */
export async function startSession(
  db: Database,
  tokens: TokenService,
  userId: number,
  generation: number,
  client: SessionClient,
): Promise<TokenPair> {
  const expired = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(lt(sessions.expiresAt, sql`now()`))
    .limit(PURGE_BATCH);
  await db.delete(sessions).where(inArray(sessions.id, expired));
  const id = newSessionId();
  const jti = newJti();
  await db.insert(sessions).values({
    id,
    userId,
    currentJti: jti,
    expiresAt: expiryOf(tokens),
    userAgent: client.userAgent,
    address: client.address,
  });
  return tokens.issuePair(userId, generation, id, jti);
}

/** The outcome of {@link rotateSession}. */
export type Rotation =
  | { readonly kind: 'rotated'; readonly pair: TokenPair }
  /** The session is unknown, revoked or expired: the token is refused, nothing else. */
  | { readonly kind: 'refused' }
  /** An earlier refresh token of a live session: the session has just been revoked. */
  | { readonly kind: 'reused' };

/**
 * Rotates the refresh token of `claims` (valid signature, type, expiry and generation): when
 * it is its session's current one, a new pair whose refresh token becomes the current one;
 * when it is an earlier one of a live session, the session is revoked (see the module comment).
 * Of two concurrent rotations with one token, one rotates and the other revokes.
 */
export async function rotateSession(
  db: Database,
  tokens: TokenService,
  claims: RefreshClaims,
  client: SessionClient,
): Promise<Rotation> {
  const next = newJti();
  const ofSession = and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId));
  const live = and(ofSession, isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));
  const [moved] = await db
    .update(sessions)
    .set({
      currentJti: next,
      lastUsedAt: sql`now()`,
      expiresAt: expiryOf(tokens),
      address: client.address,
    })
    .where(and(live, eq(sessions.currentJti, claims.jti)))
    .returning({ id: sessions.id });
  if (moved) {
    return {
      kind: 'rotated',
      pair: await tokens.issuePair(claims.userId, claims.generation, claims.sessionId, next),
    };
  }
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(live)
    .returning({ id: sessions.id });
  return revoked.length > 0 ? { kind: 'reused' } : { kind: 'refused' };
}

/**
 * Revokes session `sessionId` of user `userId`; true when this call revoked it (false: no
 * such live session of theirs).
 */
export async function revokeSession(
  db: Database,
  userId: number,
  sessionId: string,
): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

/**
 * Signs user `userId` out everywhere: moves their token generation on, which voids every
 * token they hold and (the trigger of migration 0026) revokes every session. False when there
 * is no such user.
 */
export async function signOutEverywhere(db: Database, userId: number): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ tokenGeneration: sql`${users.tokenGeneration} + 1` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return updated.length > 0;
}

/** A live session as `GET /auth/me/sessions/` lists it. */
export interface SessionSummary {
  readonly id: string;
  readonly user_agent: string | null;
  readonly address: string | null;
  readonly created_at: string;
  readonly last_used_at: string;
  /** The session of the token that asks. */
  readonly current: boolean;
}

/** User `userId`'s live sessions, the most recently used first. */
export async function listSessions(
  db: Database,
  userId: number,
  currentId: string | undefined,
): Promise<SessionSummary[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    user_agent: row.userAgent,
    address: row.address,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.id === currentId,
  }));
}

/**
 * SQL: true when session `sessionId` of the current `users` row is live. Names qualified by
 * hand: drizzle leaves them unqualified in a select from one table.
 */
export function sessionLiveSql(sessionId: string) {
  return sql<boolean>`exists (
    select 1 from sessions as live_session
    where live_session.id = ${sessionId} and live_session.user_id = users.id
      and live_session.revoked_at is null
  )`;
}

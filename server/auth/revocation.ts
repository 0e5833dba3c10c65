/**
 * Server-side revocation of own tokens (simplejwt's `token_blacklist` app, and more):
 * - a refresh token is revoked by recording its `jti` in `revoked_tokens`: on logout
 *   (`POST /auth/jwt/blacklist/`) and when the refresh endpoint rotates it;
 * - every token carries the user's token generation it was issued under (claim `gen`,
 *   `users.token_generation`) and is refused once the generation has moved on. A new
 *   password, a new e-mail and a deactivation move it on (a database trigger, migration
 *   0018, so that no code path can forget it); so does signing out everywhere.
 *
 * Exact, unlike comparing `iat` with the time of the change: `iat` counts whole seconds, so
 * a token issued in the change's own second could not be told apart from one issued just
 * after it. The generation needs no clock: the sign-in reads it in the same row as the
 * password hash it checks, so a sign-in that checked the old password gets tokens of the
 * old generation even when the change commits while it hashes (docs/security.md "Tokens").
 */
import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { revokedTokens } from '../db/schema';
import type { RefreshClaims } from './tokens';

/**
 * True when an own token issued under `tokenGeneration` (its `gen` claim) is void because
 * the user's generation is now `current` (`users.token_generation`).
 */
export function generationRevoked(tokenGeneration: number, current: number): boolean {
  return tokenGeneration !== current;
}

/**
 * Runs `update` (a change of the user's password hash that must keep their tokens: the
 * sign-in's upgrade of a hash to today's cost) in a transaction that tells the trigger so.
 */
export async function keepingTokens<T>(
  db: Database,
  update: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('joule.password_rehash', 'on', true)`);
    return update(tx);
  });
}

/** Expired rows deleted per revocation at most: keeps the purge cheap and bounded. */
const PURGE_BATCH = 100;

/**
 * Revokes a refresh token. Returns true when this call revoked it and false when it was
 * revoked already — atomically (`INSERT … ON CONFLICT DO NOTHING`), so of two concurrent
 * rotations of one token exactly one succeeds. Also deletes a bounded batch of rows whose
 * token has expired anyway.
 */
export async function revokeRefreshToken(db: Database, claims: RefreshClaims): Promise<boolean> {
  const expired = db
    .select({ jti: revokedTokens.jti })
    .from(revokedTokens)
    .where(lt(revokedTokens.expiresAt, sql`now()`))
    .limit(PURGE_BATCH);
  await db.delete(revokedTokens).where(inArray(revokedTokens.jti, expired));
  const inserted = await db
    .insert(revokedTokens)
    .values({
      jti: claims.jti,
      userId: claims.userId,
      expiresAt: new Date(claims.expiresAt * 1000),
    })
    .onConflictDoNothing()
    .returning({ jti: revokedTokens.jti });
  return inserted.length > 0;
}

/** True when the refresh token with this `jti` has been revoked. */
export async function isRefreshTokenRevoked(db: Database, jti: string): Promise<boolean> {
  const [row] = await db
    .select({ jti: revokedTokens.jti })
    .from(revokedTokens)
    .where(eq(revokedTokens.jti, jti));
  return row !== undefined;
}

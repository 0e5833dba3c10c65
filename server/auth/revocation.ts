/**
 * Server-side revocation of own tokens (simplejwt's `token_blacklist` app):
 * - a refresh token is revoked by recording its `jti` in `revoked_tokens`: on logout
 *   (`POST /auth/jwt/blacklist/`) and when the refresh endpoint rotates it;
 * - every token issued before the user's last password change is refused.
 *
 * Password changes and `iat`: `iat` counts whole seconds, so `users.password_changed_at`
 * is stored truncated to the second ({@link passwordChangeTime}) and a token is refused when
 * `iat` < that second ({@link issuedBeforePasswordChange}). A token issued in the same
 * second as the change is therefore accepted — needed so that signing in right after a
 * reset works — at the price that a token issued less than a second *before* the change
 * survives it. Both clocks are the app's (`new Date()`), not the database's.
 */
import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { revokedTokens } from '../db/schema';
import type { RefreshClaims } from './tokens';

/** Expired rows deleted per revocation at most: keeps the purge cheap and bounded. */
const PURGE_BATCH = 100;

/**
 * The value to store in `users.password_changed_at` for a password set at `now`: `now`
 * truncated to the whole second (see the module comment).
 */
export function passwordChangeTime(now: Date = new Date()): Date {
  return new Date(Math.floor(now.getTime() / 1000) * 1000);
}

/**
 * True when a token issued at `issuedAt` (JWT `iat`, seconds) predates the password change
 * at `changedAt` (null: never changed) and must be refused.
 */
export function issuedBeforePasswordChange(issuedAt: number, changedAt: Date | null): boolean {
  return changedAt !== null && issuedAt < Math.floor(changedAt.getTime() / 1000);
}

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

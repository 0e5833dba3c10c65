import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Revoked refresh tokens (simplejwt's `token_blacklist`): a refresh token whose `jti` is
 * here is refused. Written on logout and on rotation; rows past `expires_at` may be
 * deleted, since the token is refused for its expiry by then anyway.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: varchar('jti', { length: 64 }).primaryKey(),
    userId: integer('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [index('revoked_tokens_expires_at_idx').on(table.expiresAt)],
);

/**
 * Counters of the sign-in and password-reset throttle, shared by every instance on one
 * database: one row per key and fixed window.
 */
export const throttleHits = pgTable(
  'throttle_hits',
  {
    key: varchar('key', { length: 400 }).primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('throttle_hits_window_ends_at_idx').on(table.windowEndsAt)],
);

/**
 * The audit log: every create, update and delete through the API, written in the same
 * transaction as the change. `changes` maps a field name to `[before, after]` (wire
 * values; `null` before on create, `null` after on delete); secrets are never recorded.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    resource: varchar('resource', { length: 100 }).notNull(),
    rowId: integer('row_id').notNull(),
    action: varchar('action', { length: 10 }).notNull(),
    /** The user who made the change; null for changes made by the system (seed, CLI). */
    userId: integer('user_id'),
    userEmail: varchar('user_email', { length: 254 }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    changes: jsonb('changes').notNull(),
  },
  (table) => [index('audit_log_resource_row_idx').on(table.resource, table.rowId, table.id)],
);

/**
 * What an audit row records: a write, or one of the privacy operations on a customer
 * (docs/security.md "Personal data").
 */
export type AuditAction = 'create' | 'update' | 'delete' | 'export' | 'anonymise';

/**
 * Mails owed to users about changes to their account (docs/security.md "Account changes"):
 * a new password or e-mail. The trigger `users_account_notice` writes a row in the change's
 * own transaction, whatever code makes it (the users screen, a reset, one's own settings,
 * `npm run create-admin`); the app sends and deletes them (`auth/account-notices.ts`).
 */
export const accountNotices = pgTable('account_notices', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  /** `password` or `email`. */
  kind: varchar('kind', { length: 20 }).notNull(),
  /** The address the notice goes to: the user's (for an e-mail change, the old one). */
  email: varchar('email', { length: 254 }).notNull(),
  /** For an e-mail change, the new address (told of the change too). */
  newEmail: varchar('new_email', { length: 254 }),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
});

/**
 * Signed-in sessions (docs/security.md "Tokens"): one per sign-in, the _family_ of the
 * refresh tokens rotated from it. Only the refresh token `current_jti` is valid; presenting
 * an earlier one of the family (already rotated: a stolen copy, or the thief's after the
 * user refreshed) revokes the whole session, access tokens included (OAuth 2.0 Security
 * BCP, refresh token reuse detection).
 */
export const sessions = pgTable(
  'sessions',
  {
    /** Random, carried by the session's tokens as claim `sid`. */
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: integer('user_id').notNull(),
    /** The `jti` of the only refresh token of the session that may be used. */
    currentJti: varchar('current_jti', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now()`),
    /** The sign-in or the last refresh. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now()`),
    /** When the current refresh token expires; the row may be deleted after. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when signed out, revoked from the list, or a reused refresh token was seen. */
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** The browser's `User-Agent` at sign-in (cut to 400 characters). */
    userAgent: varchar('user_agent', { length: 400 }),
    /** The client's address at the sign-in or last refresh. */
    address: varchar('address', { length: 64 }),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * Pending second factors of a sign-in (docs/security.md "Two-factor sign-in"): the password
 * was right, the code is owed. `kind` is `totp` (enrolled: a code or a recovery code),
 * `enrol` (the role requires a second factor the user has not set up) or `setup` (a signed-in
 * user enrolling in Settings). The client holds a random token; only its SHA-256 is kept.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    /** SHA-256 (hex) of the token the client holds. */
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id').notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    /** The user's token generation at the password check: a change meanwhile voids it. */
    tokenGeneration: integer('token_generation').notNull(),
    /** For an enrolment, the new secret (encrypted like `users.totp_secret`). */
    pendingSecret: text('pending_secret'),
    /** Wrong codes given so far; at the limit the challenge is deleted. */
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('two_factor_challenges_user_idx').on(table.userId),
    index('two_factor_challenges_expires_at_idx').on(table.expiresAt),
  ],
);

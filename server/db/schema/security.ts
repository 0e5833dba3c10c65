import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
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

/** What an audit row records. */
export type AuditAction = 'create' | 'update' | 'delete';

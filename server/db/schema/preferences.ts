import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Each user's own preferences of the SPA (`GET/PUT /auth/me/preferences/`,
 * server/auth/preferences.ts): the list columns they chose, per resource. One row per
 * user, gone with the user.
 */
export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Validated JSON (`parsePreferences`), at most `MAX_PREFERENCES_BYTES` long. */
  preferences: jsonb('preferences').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

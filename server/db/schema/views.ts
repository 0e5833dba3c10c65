import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Saved views of the lists (`/auth/me/views/`, server/auth/views.ts): a list's state
 * (search, filters, sort, page size as its query string; its columns) under a name, owned by
 * one user, gone with the user, and shown also to the users of the roles it is shared with.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    owner: integer('owner')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The list's resource name (`invoices`). */
    resource: varchar('resource', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** `{query, columns?}`, validated by `parseView` (at most `MAX_VIEW_BYTES`). */
    state: jsonb('state').notNull(),
    /** Ids of the roles it is shared with (only a superuser shares). */
    roles: integer('roles').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('saved_views_owner_resource').on(table.owner, table.resource)],
);

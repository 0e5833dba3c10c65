import { sql } from 'drizzle-orm';
import { pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Roles: a name and a set of privileges (docs/product.md §3 Role, §6). */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Privilege names (`auth/privileges.ts`), kept in the catalogue's order. */
    privileges: text('privileges').array().notNull().default(sql`'{}'::text[]`),
  },
  (table) => [uniqueIndex('roles_name_key').on(table.name)],
);

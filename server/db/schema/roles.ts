import { sql } from 'drizzle-orm';
import { boolean, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Roles: a name and a set of privileges (docs/product.md §3 Role, §6). */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Privilege names (`auth/privileges.ts`), kept in the catalogue's order. */
    privileges: text('privileges').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Its users sign in with a second factor (docs/security.md "Two-factor sign-in"): one not
     * enrolled yet enrols at the next password sign-in. Single sign-on leaves it to the provider.
     */
    requiresTwoFactor: boolean('requires_two_factor').notNull().default(false),
  },
  (table) => [uniqueIndex('roles_name_key').on(table.name)],
);

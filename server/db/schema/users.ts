import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Staff accounts (docs/product.md §3 User). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored lower-cased, so the unique index is case-insensitive in effect. */
    email: varchar('email', { length: 254 }).notNull(),
    /** `scrypt$N$r$p$salt$hash` (auth/passwords.ts); null until a password is set. */
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Ids of the user's roles. An array column rather than a join table: the resource
     * engine treats it as a list of references, checks the ids on write (locking the roles
     * `FOR KEY SHARE`) and refuses to delete a role still listed here.
     */
    roles: integer('roles').array().notNull().default(sql`'{}'::integer[]`),
    /**
     * When the password was last set (changed or reset), for people to read; revocation
     * follows {@link users.tokenGeneration}. Null: never changed.
     */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    /**
     * The generation of the user's tokens: every own token carries the value it was issued
     * under (claim `gen`) and is refused once this has moved on (auth/revocation.ts). The
     * trigger `users_token_generation` (migration 0018) moves it on with every password
     * change, e-mail change and deactivation, whichever code makes them; signing out
     * everywhere moves it on explicitly.
     */
    tokenGeneration: integer('token_generation').notNull().default(0),
    /** Issuer and `sub` of the single sign-on account bound to this user on first use. */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    /**
     * The TOTP secret (RFC 6238) of an enrolled user, encrypted with a key derived from the
     * server's secret (auth/two-factor.ts); null: no second factor. Never answered by any
     * resource.
     */
    totpSecret: text('totp_secret'),
    /** The time step of the last accepted code: a code is accepted once (replay). */
    totpLastStep: integer('totp_last_step'),
    /** The unused recovery codes, each `<first two characters>:<scrypt hash>`. */
    recoveryCodes: text('recovery_codes').array(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_roles_idx').using('gin', table.roles),
    uniqueIndex('users_oidc_account_key').on(table.oidcIssuer, table.oidcSubject),
  ],
);

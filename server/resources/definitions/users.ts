/**
 * Users (docs/product.md §3 User, §7). Choices made here:
 * - `email` is stored lower-cased (`normalize`), so uniqueness and sign-in ignore case.
 * - `roles` is a `list` of references to `roles` (stored as an integer array): OPTIONS
 *   reports `{type: "list", child: {type: "field", ...}}`, OpenAPI an integer array whose
 *   items carry `x-reference: roles`.
 * - `password` is write-only and optional, also on create (a user may be invited to set
 *   one through the password reset); when given it must pass the password policy. It is
 *   hashed into `password_hash` and never returned; setting it also sets
 *   `password_changed_at`. A new password, a new e-mail and a deactivation void the user's
 *   earlier tokens (the database moves `token_generation` on: auth/revocation.ts).
 * - Besides `filter`, the list takes docs/product.md §7's `is_active=true|false` and
 *   `hasPrivileges=A,B` (users whose roles grant all of A and B; `superuser` grants all).
 * - Holding `USERS` is not enough for every write: `authorizeWrite` applies the rules of
 *   `auth/grants.ts` (no granting a privilege one lacks, no managing a more powerful user,
 *   no changing one's own roles, another user's password and e-mail only by a superuser,
 *   one's own only with the current password, `auth/routes.ts`).
 */
import { inArray, eq, sql } from 'drizzle-orm';
import { userWriteRefusal, type RoleGrant } from '../../auth/grants';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  hashPassword,
  passwordRuleViolations,
} from '../../auth/passwords';
import { emailKey } from '../../auth/email-key';
import { userPrivilegesSql } from '../../auth/principal';
import { PRIVILEGES, SUPERUSER } from '../../auth/privileges';
import type { Database } from '../../db/client';
import { roles, users } from '../../db/schema';
import { messages } from '../../i18n/messages';
import { text } from '../../i18n/text';
import { defineResource, fail, idField, ok, parseBoolean } from '../engine';

const KNOWN_PRIVILEGES = new Set(PRIVILEGES.map((privilege) => privilege.value));

/** The roles of `ids` that exist, by id (name and privileges). */
async function loadRoles(db: Database, ids: readonly number[]): Promise<Map<number, RoleGrant>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: roles.id, name: roles.name, privileges: roles.privileges })
    .from(roles)
    .where(inArray(roles.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? (value as number[]) : []);

/** `/api/v1/users/`, gated by `USERS`. */
export const usersResource = defineResource({
  name: 'users',
  component: 'User',
  privilege: 'USERS',
  table: users,
  labels: {
    singular: text('User', 'Uživatel'),
    plural: text('Users', 'Uživatelé'),
    create: text('New user', 'Nový uživatel'),
  },
  titleField: 'email',
  fields: {
    id: idField(users.id),
    email: {
      type: 'email',
      column: users.email,
      label: text('Email', 'E-mail'),
      required: true,
      maxLength: 254,
      unique: true,
      // The form single sign-on and sign-in compare (auth/email-key.ts): NFC, ASCII case only.
      normalize: emailKey,
    },
    is_active: {
      type: 'boolean',
      column: users.isActive,
      label: text('Active', 'Aktivní'),
      helpText: text('Inactive users cannot sign in.', 'Neaktivní uživatelé se nemohou přihlásit.'),
      default: true,
    },
    roles: {
      type: 'list',
      child: { type: 'field', reference: 'roles' },
      column: users.roles,
      label: text('Roles', 'Role'),
      default: [],
    },
    password: {
      type: 'string',
      column: users.passwordHash,
      label: text('Password', 'Heslo'),
      writeOnly: true,
      trimWhitespace: false,
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: PASSWORD_MAX_LENGTH,
      validators: [(value) => passwordRuleViolations(String(value))[0]],
      encode: (value) => hashPassword(String(value)),
      alsoWrites: () => [[users.passwordChangedAt, new Date()]],
    },
  },
  async authorizeWrite({ operation, values, existing, principal, db }) {
    const currentRoles = idsOf(existing?.roles);
    const nextRoles = 'roles' in values ? idsOf(values.roles) : undefined;
    return userWriteRefusal({
      operation,
      editor: principal,
      targetId: existing ? Number(existing.id) : undefined,
      currentRoles,
      nextRoles,
      setsPassword: values.password !== undefined && values.password !== null,
      // `values.email` is normalised already (the field's `normalize`), like the stored one.
      changesEmail:
        existing !== undefined && values.email !== undefined && values.email !== existing.email,
      deactivates: values.is_active === false && existing?.is_active === true,
      roles: await loadRoles(db, [...currentRoles, ...(nextRoles ?? [])]),
    });
  },
  // The same change as unticking "Active" in a user's dialog, on many users at once.
  bulkActions: {
    deactivate: { label: text('Deactivate', 'Deaktivovat'), patch: { is_active: false } },
  },
  searchFields: ['email'],
  sortFields: ['id', 'email', 'is_active'],
  filterFields: ['email', 'is_active', 'roles'],
  defaultSort: ['email'],
  queryParams: {
    is_active: {
      description: 'Only active (true) or inactive (false) users.',
      schema: { type: 'boolean' },
      where(value) {
        const parsed = parseBoolean(value);
        return parsed.ok ? ok(eq(users.isActive, parsed.value)) : parsed;
      },
    },
    hasPrivileges: {
      description:
        'Comma-separated privileges; only users whose roles grant all of them (superuser grants every privilege).',
      schema: { type: 'string' },
      where(value) {
        const wanted = value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
        const unknown = wanted.find((item) => !KNOWN_PRIVILEGES.has(item));
        if (unknown !== undefined) return fail(messages.invalidChoice(unknown));
        const granted = userPrivilegesSql();
        return ok(
          sql`(${SUPERUSER} = any(${granted}) or ${granted} @> ${sql.param(wanted)}::text[])`,
        );
      },
    },
  },
});

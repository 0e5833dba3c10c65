/**
 * Roles (docs/product.md §3 Role, §6): a name and a set of privileges. `privileges` is a
 * `multiple choice` field: OPTIONS lists the catalogue as `choices`, OpenAPI types it as
 * an array of `PrivilegesEnum`. A role still assigned to users cannot be deleted (the
 * engine finds users.roles referencing it and answers 400 naming them). Holding `ROLES` is
 * not enough to grant everything: `authorizeWrite` lets an editor create or change a role
 * only within their own privileges and leaves a role granting more read-only to them
 * (`auth/grants.ts`).
 */
import { roleWriteRefusal } from '../../auth/grants';
import { PRIVILEGES } from '../../auth/privileges';
import { roles } from '../../db/schema';
import { text } from '../../i18n/text';
import { defineResource, idField } from '../engine';

/** `/api/v1/roles/`, gated by `ROLES`. */
export const rolesResource = defineResource({
  name: 'roles',
  component: 'Role',
  privilege: 'ROLES',
  table: roles,
  labels: {
    singular: text('Role', 'Role'),
    plural: text('Roles', 'Role'),
    create: text('New role', 'Nová role'),
  },
  titleField: 'name',
  fields: {
    id: idField(roles.id),
    name: {
      type: 'string',
      column: roles.name,
      label: text('Name', 'Název'),
      required: true,
      maxLength: 100,
      unique: true,
    },
    privileges: {
      type: 'multiple choice',
      column: roles.privileges,
      label: text('Privileges', 'Oprávnění'),
      choices: PRIVILEGES,
      default: [],
    },
    // docs/security.md "Two-factor sign-in": its users enrol at their next password sign-in.
    requires_two_factor: {
      type: 'boolean',
      column: roles.requiresTwoFactor,
      label: text('Requires two-factor', 'Vyžaduje dvoufázové ověření'),
      helpText: text(
        'Its users sign in with a code from an authenticator app as well as the password.',
        'Její uživatelé se přihlašují heslem a kódem z ověřovací aplikace.',
      ),
      default: false,
    },
  },
  authorizeWrite: ({ operation, values, existing, principal }) =>
    roleWriteRefusal({
      operation,
      editor: principal,
      current: existing && (existing.privileges as string[]),
      next: values.privileges as string[] | undefined,
    }),
  searchFields: ['name'],
  sortFields: ['id', 'name'],
  filterFields: ['name', 'privileges'],
  defaultSort: ['name'],
});

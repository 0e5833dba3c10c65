/**
 * Roles (docs/product.md §6): the dialog offers only what the server would accept from the
 * signed-in user (server/auth/grants.ts). Privileges they do not hold are shown but cannot be
 * ticked; a role granting any of those is theirs to look at only (no Save, no Delete). The
 * privileges are checkboxes grouped by the areas the API publishes with them; `superuser`
 * is marked as "everything", and while it is ticked the others show as included.
 */
import { useMemo } from 'react';
import { SUPERUSER, lackingPrivileges, useCurrentUser } from '../../src/auth';
import {
  mergeFieldUi,
  type FormAccess,
  type FormAccessContext,
  type ResourceDescriptor,
  type ResourceOverride,
  type ResourceRow,
} from '../../src/resources';

/** The field holding a role's privileges. */
const PRIVILEGES = 'privileges';

function privilegesOf(row: ResourceRow): string[] {
  const value = row[PRIVILEGES];
  return Array.isArray(value) ? value.map(String) : [];
}

/**
 * What a user holding `held` may do in the dialog of `row` (`{}` when creating): every
 * privilege of the catalogue they lack is disabled; a row granting one of them is read-only.
 */
export function roleFormAccess(
  descriptor: ResourceDescriptor,
  held: readonly string[],
  row: ResourceRow,
): FormAccess {
  const field = descriptor.fields.find((candidate) => candidate.name === PRIVILEGES);
  const catalogue = (field?.choices ?? []).map((choice) => String(choice.value));
  const lacking = lackingPrivileges(held, catalogue);
  if (lacking.length === 0) return {};
  return {
    uiSchema: { [PRIVILEGES]: { 'ui:enumDisabled': lacking } },
    readOnly: lackingPrivileges(held, privilegesOf(row)).length > 0,
  };
}

/** The roles dialog's access for the signed-in user. */
export function useRoleFormAccess({ descriptor, row }: FormAccessContext): FormAccess {
  const held = useCurrentUser()?.privileges;
  return useMemo(() => roleFormAccess(descriptor, held ?? [], row), [descriptor, held, row]);
}

/** The descriptor with `superuser` marked as the privilege including every other. */
export function withSuperuserIncludingAll(descriptor: ResourceDescriptor): ResourceDescriptor {
  if (!descriptor.fields.some((field) => field.name === PRIVILEGES)) return descriptor;
  return {
    ...descriptor,
    uiSchema: mergeFieldUi(descriptor.uiSchema, {
      [PRIVILEGES]: { 'ui:options': { includesAll: SUPERUSER } },
    }),
  };
}

/** The roles override. */
export const rolesOverride: ResourceOverride = {
  descriptor: withSuperuserIncludingAll,
  useFormAccess: useRoleFormAccess,
};

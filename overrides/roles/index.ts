/**
 * Roles (SPEC §6): the dialog offers only what the server would accept from the signed-in
 * user (server/auth/grants.ts). Privileges they do not hold are shown but cannot be ticked;
 * a role granting any of those is theirs to look at only (no Save, no Delete).
 */
import { useMemo } from 'react';
import { lackingPrivileges, useCurrentUser } from '../../src/auth';
import type {
  FormAccess,
  FormAccessContext,
  ResourceDescriptor,
  ResourceOverride,
  ResourceRow,
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

/** The roles override. */
export const rolesOverride: ResourceOverride = { useFormAccess: useRoleFormAccess };

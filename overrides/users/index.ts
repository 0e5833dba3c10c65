/**
 * Users (docs/product.md §6): the dialog offers only what the server would accept from the
 * signed-in user (server/auth/grants.ts):
 * - the roles picker offers only roles whose privileges the user holds all of (a user who
 *   may not read roles at all gets none offered: the server would not let them check);
 * - nobody changes their own roles: on one's own row the roles are locked;
 * - only a superuser sets another user's password: the field is hidden otherwise (it stays
 *   on create and on one's own row);
 * - a user holding a privilege the editor lacks (a superuser above all) is read-only to
 *   them. Known only when the editor may read that user's roles (`ROLES`); otherwise the
 *   server's refusal says so on save.
 * The active flag is a switch (docs/product.md §3 User "active"). The list filters by privileges
 * (`hasPrivileges`, docs/product.md §7) besides the generic filter by the active flag.
 */
import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { SUPERUSER, canUse, lackingPrivileges, useAbility, useCurrentUser } from '../../src/auth';
import {
  itemQueryOptions,
  useResourceRuntime,
  lazyComponent,
  mergeFieldUi,
  type FieldUiPatch,
  type FormAccess,
  type FormAccessContext,
  type ListFilter,
  type ResourceDescriptor,
  type ResourceOverride,
  type ResourcePanel,
  type ResourceRow,
  type RowId,
} from '../../src/resources';
import { userMessages } from './messages';

/** The users list's own query parameter the privileges filter sets. */
export const HAS_PRIVILEGES = 'hasPrivileges';

/**
 * The users list's filter by privileges (`privileges-filter.tsx`), its code loaded when the
 * filter bar first shows it.
 */
export const privilegesFilter: ListFilter = {
  param: HAS_PRIVILEGES,
  component: lazyComponent(() =>
    import('./privileges-filter').then((module) => module.PrivilegesFilter),
  ),
};

/** The field holding a user's role ids, and the resource they point at. */
const ROLES = 'roles';
const PASSWORD = 'password';
const IS_ACTIVE = 'is_active';

/** The descriptor with the active flag shown as a switch. */
export function withActiveSwitch(descriptor: ResourceDescriptor): ResourceDescriptor {
  if (!descriptor.fields.some((field) => field.name === IS_ACTIVE)) return descriptor;
  return {
    ...descriptor,
    uiSchema: mergeFieldUi(descriptor.uiSchema, { [IS_ACTIVE]: { 'ui:widget': 'switch' } }),
  };
}

/** The signed-in editor as these rules need it. */
export interface Editor {
  readonly id: number;
  readonly privileges: readonly string[];
}

const privilegesOf = (row: ResourceRow): string[] =>
  Array.isArray(row.privileges) ? row.privileges.map(String) : [];

/**
 * What `editor` may do in the dialog of user `id` (null: a new user). `targetPrivileges`
 * are the privileges the edited user's roles grant, or undefined when unknown.
 */
export function userFormAccess(
  editor: Editor,
  id: RowId | null,
  targetPrivileges: readonly string[] | undefined,
): FormAccess {
  const superuser = editor.privileges.includes(SUPERUSER);
  const own = id !== null && String(id) === String(editor.id);
  const uiSchema: Record<string, FieldUiPatch[string]> = {};
  if (!superuser) {
    uiSchema[ROLES] = {
      'ui:options': {
        acceptRow: (role: ResourceRow) =>
          lackingPrivileges(editor.privileges, privilegesOf(role)).length === 0,
      },
    };
  }
  if (own) uiSchema[ROLES] = { ...uiSchema[ROLES], 'ui:disabled': true };
  if (id !== null && !own && !superuser) uiSchema[PASSWORD] = { 'ui:widget': 'hidden' };
  const readOnly =
    targetPrivileges !== undefined &&
    lackingPrivileges(editor.privileges, targetPrivileges).length > 0;
  return { uiSchema, readOnly };
}

const NO_IDS: readonly RowId[] = [];

/**
 * The privileges the roles `ids` grant together, or undefined until all are read (or when
 * the user may not read roles).
 */
function useRolesPrivileges(ids: readonly RowId[]): readonly string[] | undefined {
  const { request, descriptorsByName, mayUse } = useResourceRuntime();
  const roles = descriptorsByName[ROLES];
  const readable = roles !== undefined && mayUse(roles.privilege);
  return useQueries({
    queries:
      roles && readable
        ? ids.map((id) => ({ ...itemQueryOptions(request, roles, id), staleTime: 60_000 }))
        : [],
    combine: (results) =>
      readable && results.every((result) => result.data)
        ? results.flatMap((result) => privilegesOf(result.data!.row))
        : undefined,
  });
}

/** The users dialog's access for the signed-in user. */
export function useUserFormAccess({ id, row }: FormAccessContext): FormAccess {
  const user = useCurrentUser();
  const roleIds = Array.isArray(row[ROLES]) ? (row[ROLES] as RowId[]) : NO_IDS;
  const targetPrivileges = useRolesPrivileges(id === null ? NO_IDS : roleIds);
  const key = targetPrivileges?.join(',');
  return useMemo(
    () =>
      user
        ? userFormAccess(user, id, key === undefined ? undefined : key.split(',').filter(Boolean))
        : { readOnly: true },
    [user, id, key],
  );
}

/**
 * The "Sessions" panel: sign the user out everywhere (docs/security.md "Tokens"), for holders
 * of USERS when the back-end publishes the action; its code loads when first shown.
 */
export const userSessionsPanel: ResourcePanel = {
  id: 'sessions',
  title: userMessages.sessions.id,
  useVisible: () => canUse(useAbility(), 'USERS'),
  available: (descriptorsByName) =>
    descriptorsByName.users?.operations.extraActions?.includes('sign_out_everywhere') ?? false,
  component: lazyComponent(() => import('./sign-out-panel').then((module) => module.SignOutPanel)),
};

/** The users override. */
export const usersOverride: ResourceOverride = {
  descriptor: withActiveSwitch,
  useFormAccess: useUserFormAccess,
  listFilters: [privilegesFilter],
  panels: [userSessionsPanel],
};

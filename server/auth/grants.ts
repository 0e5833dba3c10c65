/**
 * Who may grant what (docs/product.md §6): the row-level rules of the `users` and `roles`
 * resources, as pure functions of the editor, the stored row and the change. The definitions
 * (`resources/definitions/users.ts`, `roles.ts`) load the rows and call these from their
 * `authorizeWrite` hooks; a returned {@link Text} is answered as 403 `{"detail": text}`.
 *
 * The rules, and the choices made where the issue left room:
 * 1. Nobody grants a privilege they do not hold (`superuser` holds all): a role whose
 *    privileges are not all the editor's cannot be created, widened, assigned to a user or
 *    removed from one.
 * 2. What is more powerful than the editor is read-only to them: a role granting, or a
 *    user holding, a privilege the editor lacks cannot be changed in any field (renamed,
 *    narrowed, deactivated, re-addressed — a new e-mail would let the editor reset the
 *    password and sign in as that user) nor deleted. A superuser is only managed by a
 *    superuser (its own message), which is rule 2 of the issue.
 * 3. Only a superuser sets another user's password or changes another user's e-mail (a new
 *    e-mail would let the editor ask for a reset link and sign in as that user). Nobody
 *    changes their own password or e-mail through the resource: that needs the current
 *    password (`POST /auth/me/password/`, `/auth/me/email/`; docs/security.md "Account
 *    changes"), so a stolen access token cannot take the account over. A password on
 *    create is allowed: the new user gets nothing the editor lacks (rule 1).
 * 4. Nobody changes their own roles, not even a superuser (who could otherwise lock the
 *    last superuser out); sending one's roles unchanged (a PUT of the whole record) is fine.
 * 5. Nobody deactivates their own account (alone or in a bulk deactivate of a whole list):
 *    it would sign them out for good, possibly the last administrator.
 */
import { messages } from '../i18n/messages';
import type { Text } from '../i18n/text';
import { PRIVILEGES, SUPERUSER } from './privileges';

/** The editor as these rules see it: a `Principal` or just its id and privileges. */
export interface Editor {
  readonly id: number;
  /** Effective privileges (union of the editor's roles'). */
  readonly privileges: readonly string[];
}

/** The kind of write, as the engine names it. */
export type GrantOperation = 'create' | 'replace' | 'update' | 'delete';

/**
 * The privileges of `wanted` that `held` does not grant, without duplicates, in the order
 * of `wanted`. Empty when `held` includes `superuser`, which grants every privilege.
 */
export function lacking(held: readonly string[], wanted: Iterable<string>): string[] {
  if (held.includes(SUPERUSER)) return [];
  return [...new Set(wanted)].filter((privilege) => !held.includes(privilege));
}

const LABELS = new Map(PRIVILEGES.map((privilege) => [privilege.value, privilege.label]));

function labelOf(privilege: string): Text {
  return LABELS.get(privilege) ?? { en: privilege, cs: privilege };
}

/** A write of a role: its stored privileges and the ones the request sets. */
export interface RoleWrite {
  readonly operation: GrantOperation;
  readonly editor: Editor;
  /** Privileges the role holds now; undefined on create. */
  readonly current: readonly string[] | undefined;
  /** Privileges the request sets; undefined when it does not send them (or on delete). */
  readonly next: readonly string[] | undefined;
}

/**
 * Why `write` of a role is refused (rules 1 and 2 above), or undefined when it is allowed.
 * A role granting something the editor lacks is untouchable to them; a new or changed role
 * may grant only what the editor holds (the message lists what they lack).
 */
export function roleWriteRefusal(write: RoleWrite): Text | undefined {
  const { editor, current, next } = write;
  if (current && lacking(editor.privileges, current).length > 0) return messages.cannotManageRole;
  if (write.operation === 'delete' || !next) return undefined;
  const missing = lacking(editor.privileges, next);
  return missing.length > 0 ? messages.cannotGrantPrivileges(missing.map(labelOf)) : undefined;
}

/** A role as the user rules need it. */
export interface RoleGrant {
  readonly name: string;
  readonly privileges: readonly string[];
}

/** A write of a user: whom, its stored and requested roles, and whether it sets a password. */
export interface UserWrite {
  readonly operation: GrantOperation;
  readonly editor: Editor;
  /** The user written; undefined on create. */
  readonly targetId: number | undefined;
  /** Role ids the user holds now (empty on create). */
  readonly currentRoles: readonly number[];
  /** Role ids the request sets; undefined when it does not send them. */
  readonly nextRoles: readonly number[] | undefined;
  /** The request sets a password. */
  readonly setsPassword: boolean;
  /**
   * The request changes the user's e-mail (to another address than the stored one).
   * @default false
   */
  readonly changesEmail?: boolean;
  /**
   * The request makes an active user inactive (`is_active: false`).
   * @default false
   */
  readonly deactivates?: boolean;
  /**
   * Every role of `currentRoles` and `nextRoles` by id. An id missing here does not exist;
   * it grants nothing (the engine's reference check answers 400 for it afterwards).
   */
  readonly roles: ReadonlyMap<number, RoleGrant>;
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/**
 * Why `write` of a user is refused (rules 1–5 above), or undefined when it is allowed.
 * Checked in this order: the target is no more powerful than the editor (superuser first),
 * nothing more for a delete, own roles unchanged, every added or removed role within the
 * editor's privileges, not deactivating oneself, no own password or e-mail, another user's
 * password and e-mail only by a superuser.
 */
export function userWriteRefusal(write: UserWrite): Text | undefined {
  const { editor, targetId, currentRoles, nextRoles, roles } = write;
  const privilegesOf = (ids: Iterable<number>) =>
    [...ids].flatMap((id) => roles.get(id)?.privileges ?? []);

  if (write.operation !== 'create') {
    const held = privilegesOf(currentRoles);
    const missing = lacking(editor.privileges, held);
    if (missing.includes(SUPERUSER)) return messages.cannotManageSuperuser;
    if (missing.length > 0) return messages.cannotManageUser;
    if (write.operation === 'delete') return undefined;
  }

  if (nextRoles && !sameSet(currentRoles, nextRoles)) {
    if (targetId !== undefined && targetId === editor.id) return messages.cannotChangeOwnRoles;
    const changed = [
      ...nextRoles.filter((id) => !currentRoles.includes(id)),
      ...currentRoles.filter((id) => !nextRoles.includes(id)),
    ];
    for (const id of changed) {
      const role = roles.get(id);
      if (role && lacking(editor.privileges, role.privileges).length > 0) {
        return messages.cannotAssignRole(role.name);
      }
    }
  }

  const ownAccount = targetId !== undefined && targetId === editor.id;
  // Deactivating oneself signs oneself out for good: another user must do it.
  if (write.deactivates && ownAccount) return messages.cannotDeactivateSelf;
  if (write.operation === 'create') return undefined;
  if (ownAccount && (write.setsPassword || write.changesEmail)) {
    return messages.ownAccountNeedsCurrentPassword;
  }
  const superuser = editor.privileges.includes(SUPERUSER);
  if (write.setsPassword && !superuser) return messages.cannotSetPassword;
  if (write.changesEmail && !superuser) return messages.cannotChangeEmail;
  return undefined;
}

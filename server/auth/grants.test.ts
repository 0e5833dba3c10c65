import { describe, expect, it } from 'vitest';
import {
  lacking,
  roleWriteRefusal,
  userWriteRefusal,
  type RoleGrant,
  type UserWrite,
} from './grants';
import { messages } from '../i18n/messages';
import { SUPERUSER } from './privileges';

describe('lacking', () => {
  it.each([
    [['USERS'], ['USERS'], []],
    [['USERS'], ['USERS', 'ROLES', 'ROLES'], ['ROLES']],
    [['USERS'], [SUPERUSER], [SUPERUSER]],
    [[SUPERUSER], [SUPERUSER, 'ROLES'], []],
    [[], [], []],
  ])('held %j, wanted %j → %j', (held, wanted, missing) => {
    expect(lacking(held, wanted)).toEqual(missing);
  });
});

const usersOnly = { id: 10, privileges: ['USERS'] };
const usersCustomers = { id: 10, privileges: ['CUSTOMERS', 'USERS'] };
const superuser = { id: 1, privileges: [SUPERUSER] };

describe('roleWriteRefusal', () => {
  const rolesOnly = { id: 10, privileges: ['ROLES'] };
  it.each([
    [
      'create within own privileges',
      { operation: 'create', editor: rolesOnly, current: undefined, next: ['ROLES'] },
      undefined,
    ],
    [
      'create empty',
      { operation: 'create', editor: rolesOnly, current: undefined, next: [] },
      undefined,
    ],
    [
      'create with superuser',
      { operation: 'create', editor: rolesOnly, current: undefined, next: [SUPERUSER] },
      messages.cannotGrantPrivileges([{ en: 'Superuser', cs: 'Superuživatel' }]),
    ],
    [
      'widen own role',
      {
        operation: 'update',
        editor: rolesOnly,
        current: ['ROLES'],
        next: ['ROLES', 'USERS', SUPERUSER],
      },
      messages.cannotGrantPrivileges([
        { en: 'Users', cs: 'Uživatelé' },
        { en: 'Superuser', cs: 'Superuživatel' },
      ]),
    ],
    [
      'rename a role within',
      { operation: 'update', editor: rolesOnly, current: ['ROLES'], next: undefined },
      undefined,
    ],
    [
      'narrow a stronger role',
      { operation: 'update', editor: rolesOnly, current: ['ROLES', 'USERS'], next: ['ROLES'] },
      messages.cannotManageRole,
    ],
    [
      'rename the Administrator',
      { operation: 'replace', editor: rolesOnly, current: [SUPERUSER], next: undefined },
      messages.cannotManageRole,
    ],
    [
      'delete a stronger role',
      { operation: 'delete', editor: rolesOnly, current: ['USERS'], next: undefined },
      messages.cannotManageRole,
    ],
    [
      'delete a role within',
      { operation: 'delete', editor: rolesOnly, current: ['ROLES'], next: undefined },
      undefined,
    ],
    [
      'superuser grants anything',
      { operation: 'update', editor: superuser, current: ['USERS'], next: [SUPERUSER] },
      undefined,
    ],
  ] as const)('%s', (_name, write, refusal) => {
    expect(roleWriteRefusal(write)).toEqual(refusal);
  });
});

describe('userWriteRefusal', () => {
  const roles = new Map<number, RoleGrant>([
    [1, { name: 'Administrator', privileges: [SUPERUSER] }],
    [2, { name: 'Clerk', privileges: ['CUSTOMERS', 'CONTRACTS'] }],
    [3, { name: 'Customers', privileges: ['CUSTOMERS'] }],
    [4, { name: 'User admin', privileges: ['USERS'] }],
    [5, { name: 'Nothing', privileges: [] }],
  ]);
  const write = (change: Partial<UserWrite>): UserWrite => ({
    operation: 'update',
    editor: usersCustomers,
    targetId: 20,
    currentRoles: [],
    nextRoles: undefined,
    setsPassword: false,
    roles,
    ...change,
  });
  it.each<[string, Partial<UserWrite>, ReturnType<typeof userWriteRefusal>]>([
    [
      'create with a role within',
      { operation: 'create', targetId: undefined, nextRoles: [3, 4], setsPassword: true },
      undefined,
    ],
    [
      'create with the Administrator role',
      { operation: 'create', targetId: undefined, nextRoles: [1] },
      messages.cannotAssignRole('Administrator'),
    ],
    [
      'create with a wider role',
      { operation: 'create', targetId: undefined, nextRoles: [2] },
      messages.cannotAssignRole('Clerk'),
    ],
    [
      'create with an unknown role (400 later)',
      { operation: 'create', targetId: undefined, nextRoles: [99] },
      undefined,
    ],
    [
      'give self the Administrator role',
      { targetId: 10, currentRoles: [4], nextRoles: [1, 4] },
      messages.cannotChangeOwnRoles,
    ],
    [
      'give self a role within',
      { targetId: 10, currentRoles: [4], nextRoles: [3, 4] },
      messages.cannotChangeOwnRoles,
    ],
    [
      'resend own roles unchanged',
      { targetId: 10, currentRoles: [4], nextRoles: [4, 4] },
      undefined,
    ],
    [
      'set own password',
      { targetId: 10, currentRoles: [4], setsPassword: true },
      messages.ownAccountNeedsCurrentPassword,
    ],
    [
      'change own e-mail',
      { targetId: 10, currentRoles: [4], changesEmail: true },
      messages.ownAccountNeedsCurrentPassword,
    ],
    [
      'superuser sets own password',
      { editor: superuser, targetId: 1, currentRoles: [1], setsPassword: true },
      messages.ownAccountNeedsCurrentPassword,
    ],
    [
      'change a weaker user’s e-mail (the takeover chain)',
      { currentRoles: [3], changesEmail: true },
      messages.cannotChangeEmail,
    ],
    [
      'superuser changes another’s e-mail',
      { editor: superuser, currentRoles: [3], changesEmail: true },
      undefined,
    ],
    [
      'give another the Administrator role',
      { currentRoles: [3], nextRoles: [1, 3] },
      messages.cannotAssignRole('Administrator'),
    ],
    ['give another a role within', { currentRoles: [5], nextRoles: [3, 5] }, undefined],
    ['take a role within from another', { currentRoles: [3, 5], nextRoles: [5] }, undefined],
    ['edit a superuser', { currentRoles: [1] }, messages.cannotManageSuperuser],
    ['strip a superuser', { currentRoles: [1], nextRoles: [] }, messages.cannotManageSuperuser],
    [
      'set a superuser’s password',
      { currentRoles: [1], setsPassword: true },
      messages.cannotManageSuperuser,
    ],
    [
      'delete a superuser',
      { operation: 'delete', currentRoles: [1] },
      messages.cannotManageSuperuser,
    ],
    [
      'edit a user holding more',
      { operation: 'replace', currentRoles: [2] },
      messages.cannotManageUser,
    ],
    [
      'delete a user holding more',
      { operation: 'delete', currentRoles: [2] },
      messages.cannotManageUser,
    ],
    ['delete a user within', { operation: 'delete', currentRoles: [3] }, undefined],
    [
      'set a weaker user’s password',
      { currentRoles: [3], setsPassword: true },
      messages.cannotSetPassword,
    ],
    [
      'superuser sets anyone’s password',
      { editor: superuser, currentRoles: [1], setsPassword: true },
      undefined,
    ],
    [
      'superuser assigns anything to another',
      { editor: superuser, currentRoles: [], nextRoles: [1, 2] },
      undefined,
    ],
    [
      'superuser deactivates own account',
      { editor: superuser, targetId: 1, currentRoles: [1], deactivates: true },
      messages.cannotDeactivateSelf,
    ],
    [
      'superuser deactivates another',
      { editor: superuser, currentRoles: [3], deactivates: true },
      undefined,
    ],
    [
      'superuser changes own roles',
      { editor: superuser, targetId: 1, currentRoles: [1], nextRoles: [] },
      messages.cannotChangeOwnRoles,
    ],
  ])('%s', (_name, change, refusal) => {
    expect(userWriteRefusal(write(change))).toEqual(refusal);
  });

  it('a USERS-only editor may not touch another USERS-only user’s password', () => {
    expect(
      userWriteRefusal(write({ editor: usersOnly, currentRoles: [4], setsPassword: true })),
    ).toEqual(messages.cannotSetPassword);
  });
});

import { describe, expect, it } from 'vitest';
import { abilityFor, canUse, lackingPrivileges } from './abilities';

describe('abilityFor (docs/product.md §6)', () => {
  describe.each<[string, { privileges: string[]; allowed: string[]; denied: string[] }]>([
    [
      'no privileges allow nothing',
      { privileges: [], allowed: [], denied: ['CUSTOMERS', 'USERS', 'all'] },
    ],
    [
      'each privilege allows use of its own subject',
      {
        privileges: ['CUSTOMERS', 'TARIFF'],
        allowed: ['CUSTOMERS', 'TARIFF'],
        denied: ['USERS', 'CONTRACTS'],
      },
    ],
    ['names are case-sensitive', { privileges: ['USERS'], allowed: ['USERS'], denied: ['users'] }],
    [
      'superuser allows everything',
      {
        privileges: ['superuser'],
        allowed: ['CUSTOMERS', 'USERS', 'ANYTHING_NEW', 'all'],
        denied: [],
      },
    ],
  ])('%s', (_name, { privileges, allowed, denied }) => {
    const ability = abilityFor(privileges);
    it.each(allowed.map((subject) => [subject]))('allows use of %s', (subject) => {
      expect(ability.can('use', subject)).toBe(true);
    });
    it.each(denied.map((subject) => [subject]))('denies use of %s', (subject) => {
      expect(ability.can('use', subject)).toBe(false);
    });
  });

  it('only knows the action use', () => {
    // @ts-expect-error: 'delete' is not an action of the app.
    expect(abilityFor(['USERS']).can('delete', 'USERS')).toBe(false);
  });
});

describe('canUse', () => {
  it.each<[string, { privileges: string[]; privilege: string | null; want: boolean }]>([
    ['an area without privilege is open', { privileges: [], privilege: null, want: true }],
    ['a held privilege', { privileges: ['POINTS'], privilege: 'POINTS', want: true }],
    ['a missing privilege', { privileges: ['POINTS'], privilege: 'USERS', want: false }],
  ])('%s', (_name, { privileges, privilege, want }) => {
    expect(canUse(abilityFor(privileges), privilege)).toBe(want);
  });
});

describe('lackingPrivileges', () => {
  it.each([
    [['USERS'], ['USERS'], []],
    [['USERS'], ['USERS', 'ROLES', 'ROLES'], ['ROLES']],
    [['USERS'], ['superuser'], ['superuser']],
    [['superuser'], ['superuser', 'ROLES'], []],
    [[], [], []],
  ])('held %j, wanted %j → %j', (held, wanted, missing) => {
    expect(lackingPrivileges(held, wanted)).toEqual(missing);
  });
});

import { describe, expect, it } from 'vitest';
import { abilityFor, abilityOf, canUse, lackingPrivileges } from './abilities';
import { createSessionStore, type CurrentUser } from './session-store';

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

describe('abilityOf (docs/product.md §6)', () => {
  const user = (privileges: string[]): CurrentUser => ({
    id: 1,
    email: 'clerk@joule.test',
    privileges,
  });

  it("follows the store's user in place: sign-in, another user, sign-out", () => {
    const store = createSessionStore(null);
    const ability = abilityOf(store);
    expect(ability.can('use', 'CUSTOMERS')).toBe(false);
    store.setUser(user(['CUSTOMERS']));
    expect(ability.can('use', 'CUSTOMERS')).toBe(true);
    store.setUser(user(['USERS']));
    expect(ability.can('use', 'CUSTOMERS')).toBe(false);
    expect(ability.can('use', 'USERS')).toBe(true);
    store.clear();
    expect(ability.rules).toEqual([]);
    expect(abilityOf(store)).toBe(ability);
  });

  it("starts from the store's current user, one instance per store", () => {
    const signedIn = createSessionStore(null);
    signedIn.setUser(user(['superuser']));
    const other = createSessionStore(null);
    expect(abilityOf(signedIn).can('use', 'ANYTHING')).toBe(true);
    expect(abilityOf(other).can('use', 'ANYTHING')).toBe(false);
    expect(abilityOf(other)).not.toBe(abilityOf(signedIn));
  });
});

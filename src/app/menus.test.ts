import { describe, expect, it } from 'vitest';
import { descriptors } from '../generated/descriptors';
import { buildMenus } from './menus';
import { fakeDescriptor } from './test-descriptors';

const all = [
  'roles',
  'users',
  'customers',
  'obises',
  'contracts',
  'tariffdevices',
  'points',
  'pricelists',
  'meterbrands',
  'tariffs',
  'products',
  'discounts',
  'utilities',
  'fuses',
  'reports',
  'collectors',
].map((name) => fakeDescriptor(name, name.toUpperCase()));

const names = (entries: readonly { name: string }[]) => entries.map((entry) => entry.name);

describe('buildMenus (SPEC §2)', () => {
  it('orders the main menu and the gear as SPEC §2, new resources last, settings page at the end', () => {
    const menus = buildMenus(all, () => true);
    expect(names(menus.main)).toEqual([
      'customers',
      'contracts',
      'points',
      'tariffdevices',
      'users',
    ]);
    expect(names(menus.settings)).toEqual([
      'pricelists',
      'tariffs',
      'products',
      'discounts',
      'utilities',
      'fuses',
      'reports',
      'collectors',
      'obises',
      'roles',
      'meterbrands',
      'settings',
    ]);
  });

  it.each<[string, { allowed: (string | null)[]; main: string[]; settings: string[] }]>([
    ['nothing allowed: only the settings page', { allowed: [], main: [], settings: ['settings'] }],
    [
      'some privileges',
      {
        allowed: ['USERS', 'ROLES', 'TARIFFDEVICES'],
        main: ['tariffdevices', 'users'],
        settings: ['roles', 'settings'],
      },
    ],
  ])('%s', (_name, { allowed, main, settings }) => {
    const menus = buildMenus(all, (privilege) => allowed.includes(privilege));
    expect(names(menus.main)).toEqual(main);
    expect(names(menus.settings)).toEqual(settings);
  });

  it('labels: app.menu ids for known areas, the descriptor title for new ones', () => {
    const menus = buildMenus(
      [fakeDescriptor('users', null), fakeDescriptor('meterbrands', null)],
      () => true,
    );
    expect(menus.main.map((entry) => [entry.path, entry.label])).toEqual([
      ['/users', 'app.menu.users'],
    ]);
    expect(menus.settings.map((entry) => [entry.path, entry.label])).toEqual([
      ['/meterbrands', 'resource.meterbrands.title'],
      ['/settings', 'app.menu.settings'],
    ]);
  });

  it('a resource without a known privilege is open to every signed-in user', () => {
    const menus = buildMenus(
      [fakeDescriptor('customers', null)],
      (privilege) => privilege === null,
    );
    expect(names(menus.main)).toEqual(['customers']);
  });

  it('a resource named like a shell route gets no entry', () => {
    const menus = buildMenus(
      [fakeDescriptor('settings', null), fakeDescriptor('login', null)],
      () => true,
    );
    expect(names(menus.settings)).toEqual(['settings']);
    expect(menus.settings[0]?.path).toBe('/settings');
  });

  it("the generated descriptors put Points in the clerk's main menu (SPEC §2)", () => {
    const clerk = ['CUSTOMERS', 'CONTRACTS', 'POINTS'];
    const menus = buildMenus(descriptors, (privilege) => clerk.includes(privilege ?? ''));
    expect(names(menus.main)).toEqual(['customers', 'contracts', 'points']);
    expect(menus.main[2]).toMatchObject({ path: '/points', label: 'app.menu.points' });
    // Addresses, payments and specifications are listed inside their parents' dialogs.
    expect(names(menus.settings)).toEqual(['settings']);
    const admin = buildMenus(descriptors, () => true);
    expect(names(admin.main)).toEqual([
      'customers',
      'contracts',
      'points',
      'tariffdevices',
      'users',
    ]);
  });

  it('a resource whose rows belong to another one is listed in its parent, not the gear', () => {
    const referenceField = (name: string, reference: string) => ({
      name,
      kind: 'reference' as const,
      reference,
      label: name,
      required: true,
      readOnly: false,
      nullable: false,
    });
    const owned = (name: string, parent: string, target: string) => ({
      ...fakeDescriptor(name, 'CUSTOMERS'),
      parent,
      fields: [referenceField(parent, target)],
    });
    const menus = buildMenus(
      [
        fakeDescriptor('customers', 'CUSTOMERS'),
        owned('addresses', 'customer', 'customers'),
        // Its parent is not in the schema: it keeps its own entry.
        owned('notes', 'author', 'authors'),
      ],
      () => true,
    );
    expect(names(menus.main)).toEqual(['customers']);
    expect(names(menus.settings)).toEqual(['notes', 'settings']);
  });
});

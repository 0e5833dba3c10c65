import { describe, expect, it } from 'vitest';
import { descriptors } from '../generated/descriptors';
import { buildMenus, pageTitleId } from './menus';
import cs from '../../locales/cs.json';
import en from '../../locales/en.json';
import { groups } from '../../overrides/groups';
import { views } from '../../overrides/views';
import { fakeDescriptor } from './test-support/descriptors';

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

describe('buildMenus (docs/product.md §2)', () => {
  it('orders the main menu and the gear as docs/product.md §2, new resources last, settings page at the end', () => {
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

  it("the generated descriptors put Points in the clerk's main menu (docs/product.md §2)", () => {
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

  describe('Utilities, a group of suppliers and distributors (docs/product.md §2, §6)', () => {
    const withUtilities = [
      fakeDescriptor('fuses', 'FUSES'),
      fakeDescriptor('suppliers', 'UTILITIES'),
      fakeDescriptor('distributors', 'UTILITIES'),
      fakeDescriptor('discounts', 'DISCOUNTS'),
    ];

    it('is one gear entry at its place in docs/product.md §2, in place of its members', () => {
      const menus = buildMenus(withUtilities, () => true, groups);
      expect(names(menus.settings)).toEqual(['discounts', 'utilities', 'fuses', 'settings']);
      expect(menus.settings[1]).toMatchObject({ path: '/utilities', label: 'app.menu.utilities' });
    });

    it('needs the privilege UTILITIES', () => {
      const menus = buildMenus(withUtilities, (p) => p === 'FUSES', groups);
      expect(names(menus.settings)).toEqual(['fuses', 'settings']);
      const allowed = buildMenus(withUtilities, (p) => p === 'UTILITIES', groups);
      expect(names(allowed.settings)).toEqual(['utilities', 'settings']);
    });

    it('is left out when the back-end has none of its members', () => {
      const menus = buildMenus([fakeDescriptor('fuses', 'FUSES')], () => true, groups);
      expect(names(menus.settings)).toEqual(['fuses', 'settings']);
    });
  });
});

describe('list views in the menu (docs/extending.md "Overrides")', () => {
  it('the readings to check follow the main menu, for whoever may use readings', () => {
    const withTariff = buildMenus(descriptors, () => true, groups, views);
    const entry = withTariff.main.find((item) => item.name === 'readings-to-check');
    expect(entry).toEqual({
      name: 'readings-to-check',
      path: '/measurements?filter=to_check%3Dtrue',
      label: 'app.menu.readingsToCheck',
      icon: 'warning-sign',
    });
    expect(withTariff.main.at(-1)).toBe(entry);
    expect(en['app.menu.readingsToCheck']).toBe('Readings to check');
    expect(cs['app.menu.readingsToCheck']).toBe('Odečty ke kontrole');
    const clerk = buildMenus(descriptors, (privilege) => privilege !== 'TARIFF', groups, views);
    expect(clerk.main.map((item) => item.name)).not.toContain('readings-to-check');
  });

  it('has no entry when the back-end cannot filter by the flag', () => {
    const plain = descriptors.map((descriptor) =>
      descriptor.name === 'measurements'
        ? { ...descriptor, filterFields: ['tariff_device'] }
        : descriptor,
    );
    const menus = buildMenus(plain, () => true, groups, views);
    expect(menus.main.map((item) => item.name)).not.toContain('readings-to-check');
  });
});

describe('pageTitleId: a page is titled as the menu entry that opens it (docs/product.md §2)', () => {
  const menus = buildMenus(descriptors, () => true, groups);
  const entries = [...menus.main, ...menus.settings];

  it.each(descriptors.map((d) => [d.name, d] as const))('%s', (name, descriptor) => {
    const entry = entries.find((e) => e.name === name);
    if (entry) expect(pageTitleId(descriptor)).toBe(entry.label);
  });

  it.each([
    ['pricelists', 'Ceník', 'Price list'],
    ['tariffdevices', 'Zařízení', 'Devices'],
  ])('%s reads %s / %s', (name, czech, english) => {
    const descriptor = descriptors.find((d) => d.name === name);
    expect(descriptor).toBeDefined();
    const id = pageTitleId(descriptor!) as keyof typeof cs & keyof typeof en;
    expect(cs[id]).toBe(czech);
    expect(en[id]).toBe(english);
  });
});

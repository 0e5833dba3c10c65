/**
 * The top bar's menus, derived from the descriptors (docs/product.md §2 "Layout"):
 * plain data, no React.
 *
 * Main menu: Customers, Contracts, Points, Devices (tariff devices) and Users, each when
 * its resource exists and the user may use its privilege. Settings gear: every other
 * resource, known ones in the order of docs/product.md §2 and new ones after them, then the
 * app settings page. A resource whose rows belong to another's (`parent`, e.g. addresses)
 * gets no entry: its rows are listed in the parent's dialog.
 */
import type { IconName } from '@blueprintjs/core';
import type { ResourceDescriptor } from '../generated/descriptor-types';
// The pure modules, not the runtime's index: the top bar must not pull the runtime in.
import { isNestedResource, listViewPath, type ListView, type ResourceGroup } from '../resources';

/** One link of a menu. */
export interface MenuEntry {
  /** Resource name, or `settings` for the app settings page. */
  readonly name: string;
  /** Route path, `/<name>` (a list view's with its query, `/<resource>?filter=…`). */
  readonly path: string;
  /** react-intl message id of the label. */
  readonly label: string;
  readonly icon: IconName;
}

export interface Menus {
  readonly main: readonly MenuEntry[];
  readonly settings: readonly MenuEntry[];
}

interface Known {
  readonly label: string;
  readonly icon: IconName;
}

/** Main menu resources in docs/product.md §2 order. */
const mainMenu: ReadonlyMap<string, Known> = new Map([
  ['customers', { label: 'app.menu.customers', icon: 'people' }],
  ['contracts', { label: 'app.menu.contracts', icon: 'document' }],
  ['points', { label: 'app.menu.points', icon: 'map-marker' }],
  ['tariffdevices', { label: 'app.menu.tariffdevices', icon: 'dashboard' }],
  ['users', { label: 'app.menu.users', icon: 'user' }],
]);

/** Settings-menu resources in docs/product.md §2 order; others follow in descriptor order. */
const settingsMenu: ReadonlyMap<string, Known> = new Map([
  ['pricelists', { label: 'app.menu.pricelists', icon: 'th-list' }],
  ['tariffs', { label: 'app.menu.tariffs', icon: 'dollar' }],
  ['products', { label: 'app.menu.products', icon: 'box' }],
  ['discounts', { label: 'app.menu.discounts', icon: 'tag' }],
  ['utilities', { label: 'app.menu.utilities', icon: 'office' }],
  ['suppliers', { label: 'app.menu.suppliers', icon: 'office' }],
  ['distributors', { label: 'app.menu.distributors', icon: 'office' }],
  ['fuses', { label: 'app.menu.fuses', icon: 'flash' }],
  ['reports', { label: 'app.menu.reports', icon: 'timeline-bar-chart' }],
  ['collectors', { label: 'app.menu.collectors', icon: 'satellite' }],
  ['obises', { label: 'app.menu.obises', icon: 'barcode' }],
  ['roles', { label: 'app.menu.roles', icon: 'key' }],
  ['audit', { label: 'app.menu.audit', icon: 'history' }],
]);

/** The app settings page, last in the gear menu (docs/product.md §2 "Settings (Global)"). */
export const appSettingsEntry: MenuEntry = {
  name: 'settings',
  path: '/settings',
  label: 'app.menu.settings',
  icon: 'cog',
};

/** Route paths the shell owns; a resource of the same name gets no route or entry. */
export const reservedPaths: readonly string[] = [
  'login',
  'logout',
  'settings',
  'oidc',
  'password-reset',
];

/** What a menu entry is made from: a resource, or a group of resources (`ResourceGroup`). */
type MenuSource = Pick<ResourceDescriptor, 'name' | 'title' | 'privilege'>;

function entry(descriptor: MenuSource, known: Known | undefined): MenuEntry {
  return {
    name: descriptor.name,
    path: `/${descriptor.name}`,
    label: known?.label ?? descriptor.title,
    icon: known?.icon ?? 'folder-close',
  };
}

/**
 * The message id of a resource's page title (the route's and the heading's): its menu
 * entry's label when docs/product.md §2 names the entry (menu "Ceník" opens "Ceník", not "Ceníky";
 * "Zařízení", not "Tarifní zařízení"), else the descriptor's title, which its menu entry
 * shows too. So a page is always titled as the entry that opens it.
 */
export function pageTitleId(descriptor: Pick<ResourceDescriptor, 'name' | 'title'>): string {
  const known = mainMenu.get(descriptor.name) ?? settingsMenu.get(descriptor.name);
  return known?.label ?? descriptor.title;
}

/**
 * The menus for a user: `mayUse(privilege)` answers whether the user may 'use' a
 * privilege (null: a resource without a known privilege, open to every signed-in user).
 * A group (e.g. Utilities) is one entry in place of its member resources; it is shown when
 * the user may use its privilege and at least one member. A list view (`ListView`, e.g. the
 * readings to check) follows the main menu's resources when its resource exists, offers
 * what the view needs and the user may use its privilege.
 */
export function buildMenus(
  descriptors: readonly ResourceDescriptor[],
  mayUse: (privilege: string | null) => boolean,
  groups: readonly ResourceGroup[] = [],
  views: readonly ListView[] = [],
): Menus {
  const grouped = new Set(groups.flatMap((group) => group.resources));
  const known = new Set(descriptors.map((descriptor) => descriptor.name));
  const usableMember = (name: string) =>
    descriptors.some((d) => d.name === name && mayUse(d.privilege));
  const groupSources: MenuSource[] = groups
    .filter(
      (group) =>
        !known.has(group.name) &&
        mayUse(group.privilege) &&
        group.resources.some((name) => usableMember(name)),
    )
    .map((group) => ({ name: group.name, title: group.title, privilege: group.privilege }));
  const usable: MenuSource[] = [
    ...descriptors.filter(
      (descriptor) =>
        !reservedPaths.includes(descriptor.name) &&
        !grouped.has(descriptor.name) &&
        mayUse(descriptor.privilege),
    ),
    ...groupSources,
  ];
  const byName = new Map(usable.map((descriptor) => [descriptor.name, descriptor]));
  const main: MenuEntry[] = [];
  for (const [name, known] of mainMenu) {
    const descriptor = byName.get(name);
    if (descriptor) main.push(entry(descriptor, known));
  }
  for (const view of views) {
    const descriptor = descriptors.find((d) => d.name === view.resource);
    if (!descriptor || !mayUse(descriptor.privilege)) continue;
    if (!(view.available?.(descriptor) ?? true)) continue;
    main.push({
      name: view.name,
      path: listViewPath(view),
      label: view.label,
      icon: view.icon as IconName,
    });
  }
  const settings: MenuEntry[] = [];
  for (const [name, known] of settingsMenu) {
    const descriptor = byName.get(name);
    if (descriptor) settings.push(entry(descriptor, known));
  }
  const all = Object.fromEntries(descriptors.map((descriptor) => [descriptor.name, descriptor]));
  for (const descriptor of usable) {
    const known = mainMenu.has(descriptor.name) || settingsMenu.has(descriptor.name);
    // Rows that belong to a parent row are listed in the parent's screen instead.
    const full = all[descriptor.name];
    if (!known && !(full && isNestedResource(full, all))) {
      settings.push(entry(descriptor, undefined));
    }
  }
  return { main, settings: [...settings, appSettingsEntry] };
}

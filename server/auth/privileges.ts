/**
 * The privilege catalogue (docs/product.md §6): each privilege gates one area of the product;
 * `superuser` allows everything. Roles hold privileges; a user's privileges are the union
 * of its roles' (docs/api.md "Privileges").
 */
import { text, type Text } from '../i18n/text';

/** An area of the product a privilege belongs to, for grouping them (`key` is stable). */
export interface PrivilegeArea {
  readonly key: string;
  readonly label: Text;
}

/** One privilege with its display names and its area. */
export interface PrivilegeInfo {
  readonly value: string;
  readonly label: Text;
  readonly group: PrivilegeArea;
}

/** The areas, in the order the roles dialog lists them (docs/product.md §2's menu). */
export const PRIVILEGE_AREAS = {
  administration: { key: 'administration', label: text('Administration', 'Správa') },
  customers: { key: 'customers', label: text('Customers and contracts', 'Zákazníci a smlouvy') },
  devices: { key: 'devices', label: text('Devices and readings', 'Zařízení a odečty') },
  prices: { key: 'prices', label: text('Prices and products', 'Ceny a produkty') },
  settings: { key: 'settings', label: text('Settings and reports', 'Nastavení a reporty') },
  billing: { key: 'billing', label: text('Billing', 'Fakturace') },
} as const satisfies Record<string, PrivilegeArea>;

const AREA = PRIVILEGE_AREAS;

/** The privilege that allows everything. */
export const SUPERUSER = 'superuser';

/** Every privilege, in the order the UI lists them. */
export const PRIVILEGES: readonly PrivilegeInfo[] = [
  { value: SUPERUSER, label: text('Superuser', 'Superuživatel'), group: AREA.administration },
  { value: 'CUSTOMERS', label: text('Customers', 'Zákazníci'), group: AREA.customers },
  { value: 'CONTRACTS', label: text('Contracts', 'Smlouvy'), group: AREA.customers },
  { value: 'POINTS', label: text('Consumption points', 'Odběrná místa'), group: AREA.customers },
  // Export and anonymisation of a person's data (docs/security.md "Personal data").
  { value: 'PRIVACY', label: text('Personal data', 'Osobní údaje'), group: AREA.customers },
  { value: 'TARIFF', label: text('Tariff devices', 'Tarifní zařízení'), group: AREA.devices },
  { value: 'USERS', label: text('Users', 'Uživatelé'), group: AREA.administration },
  { value: 'AUDIT', label: text('Audit log', 'Auditní záznam'), group: AREA.administration },
  { value: 'ROLES', label: text('Roles', 'Role'), group: AREA.administration },
  { value: 'COLLECTORS', label: text('Collectors', 'Koncentrátory'), group: AREA.devices },
  { value: 'PRICELISTS', label: text('Price lists', 'Ceníky'), group: AREA.prices },
  { value: 'TARIFFS', label: text('Tariffs', 'Tarify'), group: AREA.prices },
  { value: 'PRODUCTS', label: text('Products', 'Produkty'), group: AREA.prices },
  { value: 'DISCOUNTS', label: text('Discounts', 'Slevy'), group: AREA.prices },
  { value: 'FUSES', label: text('Fuses', 'Jističe'), group: AREA.prices },
  { value: 'OBISES', label: text('OBIS codes', 'OBIS kódy'), group: AREA.devices },
  { value: 'REPORTS', label: text('Reports', 'Reporty'), group: AREA.settings },
  { value: 'UTILITIES', label: text('Utilities', 'Energetické společnosti'), group: AREA.settings },
  { value: 'SETTINGS', label: text('Settings', 'Nastavení'), group: AREA.settings },
  { value: 'BILLING', label: text('Billing', 'Fakturace'), group: AREA.billing },
  { value: 'PAYMENTS', label: text('Payments', 'Platby'), group: AREA.billing },
];

const ORDER = new Map(PRIVILEGES.map((privilege, index) => [privilege.value, index]));

/** True when `privileges` grant `privilege` (directly or through `superuser`). */
export function grants(privileges: readonly string[], privilege: string): boolean {
  return privileges.includes(SUPERUSER) || privileges.includes(privilege);
}

/** Distinct known privileges of `values` in catalogue order (unknown ones dropped). */
export function sortPrivileges(values: Iterable<string>): string[] {
  return [...new Set(values)]
    .filter((value) => ORDER.has(value))
    .sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
}

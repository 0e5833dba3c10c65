/**
 * The privilege catalogue (SPEC §6): each privilege gates one area of the product;
 * `superuser` allows everything. Roles hold privileges; a user's privileges are the union
 * of its roles' (API.md "Privileges").
 */
import { text, type Text } from '../i18n/text';

/** One privilege with its display names. */
export interface PrivilegeInfo {
  readonly value: string;
  readonly label: Text;
}

/** The privilege that allows everything. */
export const SUPERUSER = 'superuser';

/** Every privilege, in the order the UI lists them. */
export const PRIVILEGES: readonly PrivilegeInfo[] = [
  { value: SUPERUSER, label: text('Superuser', 'Superuživatel') },
  { value: 'CUSTOMERS', label: text('Customers', 'Zákazníci') },
  { value: 'CONTRACTS', label: text('Contracts', 'Smlouvy') },
  { value: 'POINTS', label: text('Consumption points', 'Odběrná místa') },
  { value: 'TARIFF', label: text('Tariff devices', 'Tarifní zařízení') },
  { value: 'USERS', label: text('Users', 'Uživatelé') },
  { value: 'ROLES', label: text('Roles', 'Role') },
  { value: 'COLLECTORS', label: text('Collectors', 'Koncentrátory') },
  { value: 'PRICELISTS', label: text('Price lists', 'Ceníky') },
  { value: 'TARIFFS', label: text('Tariffs', 'Tarify') },
  { value: 'PRODUCTS', label: text('Products', 'Produkty') },
  { value: 'DISCOUNTS', label: text('Discounts', 'Slevy') },
  { value: 'FUSES', label: text('Fuses', 'Jističe') },
  { value: 'OBISES', label: text('OBIS codes', 'OBIS kódy') },
  { value: 'REPORTS', label: text('Reports', 'Reporty') },
  { value: 'UTILITIES', label: text('Utilities', 'Utility') },
  { value: 'SETTINGS', label: text('Settings', 'Nastavení') },
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

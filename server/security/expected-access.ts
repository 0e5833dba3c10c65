/**
 * The expected access matrix, written by hand and independently of the resource
 * declarations (docs/security.md "The security suite"): privilege × resource × action →
 * allowed. The access matrix asserts every call against this table, not against the
 * `x-privilege` the server publishes, so a wrong declaration (advance payments gated by
 * `CONTRACTS`, a report open to any signed-in user) fails the suite instead of being
 * checked against itself.
 *
 * A new operation must be added here, with the privileges that should open it; the suite
 * fails on an operation the table does not name ({@link expectedGate}).
 */
import { SUPERUSER } from '../auth/privileges';

/** Every signed-in user may call it (own account's endpoints). */
export const SIGNED_IN = 'signed in';

/**
 * Who may call an operation: the privileges any one of which opens it (superuser always
 * does), or {@link SIGNED_IN}.
 */
export type Gate = readonly string[] | typeof SIGNED_IN;

/** The actions the generic engine gives every resource (docs/api.md "Resources"). */
const GENERIC_ACTIONS = [
  'list',
  'create',
  'retrieve',
  'update',
  'partial_update',
  'destroy',
  'history',
  'bulk_delete',
  'options',
  'item_options',
] as const;

/** One resource's row of the table: its own privilege, and the actions gated otherwise. */
interface ResourceAccess {
  /** The privilege of its generic actions ({@link GENERIC_ACTIONS}) and of `titles`. */
  readonly privilege: string;
  /**
   * Privileges that may also read its titles (docs/api.md "Names of referenced rows"): those
   * of the resources that reference it.
   */
  readonly titlesAlso?: readonly string[];
  /** Its own endpoints, by action, with their gates. */
  readonly actions?: Readonly<Record<string, Gate>>;
}

/** The table (docs/product.md §6: which area each privilege opens). */
export const EXPECTED_ACCESS: Readonly<Record<string, ResourceAccess>> = {
  customers: {
    privilege: 'CUSTOMERS',
    titlesAlso: ['BILLING', 'CONTRACTS'],
    // docs/security.md "Personal data": not CUSTOMERS, a privilege of its own.
    actions: { personal_data: ['PRIVACY'], anonymise: ['PRIVACY'], defaults: ['CUSTOMERS'] },
  },
  addresses: { privilege: 'CUSTOMERS' },
  contracts: {
    privilege: 'CONTRACTS',
    titlesAlso: ['BILLING', 'PAYMENTS', 'POINTS'],
    actions: { bill_preview: ['BILLING'] },
  },
  points: { privilege: 'POINTS' },
  specifications: { privilege: 'POINTS' },
  tariffdevices: {
    privilege: 'TARIFF',
    titlesAlso: ['POINTS'],
    actions: { consumption: ['TARIFF'] },
  },
  measurements: {
    privilege: 'TARIFF',
    // docs/billing.md "Readings to check": confirming is a reading's own privilege.
    actions: { bulk_create: ['TARIFF'], bulk_confirm: ['TARIFF'] },
  },
  collectors: { privilege: 'COLLECTORS', titlesAlso: ['TARIFF'] },
  obises: { privilege: 'OBISES' },
  users: {
    privilege: 'USERS',
    actions: {
      bulk_deactivate: ['USERS'],
      sign_out_everywhere: ['USERS'],
      // docs/security.md "Two-factor sign-in": a superuser's only, not USERS.
      reset_two_factor: [SUPERUSER],
    },
  },
  roles: { privilege: 'ROLES', titlesAlso: ['USERS'] },
  pricelists: { privilege: 'PRICELISTS', titlesAlso: ['TARIFFS'] },
  tariffs: { privilege: 'TARIFFS' },
  products: { privilege: 'PRODUCTS', titlesAlso: ['CONTRACTS', 'TARIFFS'] },
  discounts: { privilege: 'DISCOUNTS', titlesAlso: ['POINTS'] },
  fuses: { privilege: 'FUSES', titlesAlso: ['POINTS'] },
  suppliers: { privilege: 'UTILITIES', titlesAlso: ['POINTS'] },
  distributors: { privilege: 'UTILITIES', titlesAlso: ['POINTS'] },
  reports: {
    privilege: 'REPORTS',
    actions: {
      billing_totals: ['REPORTS'],
      consumption_by_rate: ['REPORTS'],
      points_without_reading: ['REPORTS'],
      receivables: ['REPORTS'],
    },
  },
  invoices: {
    privilege: 'BILLING',
    titlesAlso: ['PAYMENTS'],
    actions: {
      issue: ['BILLING'],
      cancel: ['BILLING'],
      lines: ['BILLING'],
      pdf: ['BILLING'],
      send: ['BILLING'],
      bulk_issue: ['BILLING'],
      bulk_send: ['BILLING'],
      bulk_cancel: ['BILLING'],
    },
  },
  'billing-runs': {
    privilege: 'BILLING',
    actions: { progress: ['BILLING'], cancel: ['BILLING'], send: ['BILLING'] },
  },
  payments: { privilege: 'PAYMENTS' },
  'incoming-payments': {
    privilege: 'PAYMENTS',
    actions: { import: ['PAYMENTS'], assign: ['PAYMENTS'] },
  },
};

/** Operations outside the resources, by operationId. */
export const EXPECTED_OTHER: Readonly<Record<string, Gate>> = {
  // The whole audit log (docs/api.md "Audit").
  audit_list: ['AUDIT'],
  settings_global_retrieve: ['BILLING'],
  settings_global_update: [SUPERUSER],
};

/** Every operation whose id starts with one of these is the caller's own: any signed-in user. */
export const SIGNED_IN_PREFIXES: readonly string[] = ['auth_me_'];

/**
 * The gate the table expects of operation `operationId` on resource `resource` (the first
 * segment of its path, when that is a resource), or undefined when the table does not name it.
 */
export function expectedGate(operationId: string, resource?: string): Gate | undefined {
  if (operationId in EXPECTED_OTHER) return EXPECTED_OTHER[operationId];
  if (SIGNED_IN_PREFIXES.some((prefix) => operationId.startsWith(prefix))) return SIGNED_IN;
  if (!resource) return undefined;
  const access = EXPECTED_ACCESS[resource];
  if (!access || !operationId.startsWith(`${resource}_`)) return undefined;
  const action = operationId.slice(resource.length + 1);
  if (access.actions && action in access.actions) return access.actions[action];
  if ((GENERIC_ACTIONS as readonly string[]).includes(action)) return [access.privilege];
  if (action === 'titles') return [access.privilege, ...(access.titlesAlso ?? [])];
  return undefined;
}

/** True when a signed-in user holding `privileges` passes `gate`. */
export function passes(gate: Gate, privileges: readonly string[]): boolean {
  if (gate === SIGNED_IN) return true;
  return privileges.includes(SUPERUSER) || gate.some((privilege) => privileges.includes(privilege));
}

/** The gate an operation's `x-privilege` / `x-privileges-any` publish, for comparing. */
export function publishedGate(privilege?: string, privilegesAny?: readonly string[]): Gate {
  if (privilegesAny) return privilegesAny;
  return privilege ? [privilege] : SIGNED_IN;
}

/** True when two gates open the same operation to the same users. */
export function sameGate(a: Gate, b: Gate): boolean {
  if (a === SIGNED_IN || b === SIGNED_IN) return a === b;
  const set = (gate: readonly string[]) => [...new Set(gate)].sort().join(',');
  return set(a) === set(b);
}

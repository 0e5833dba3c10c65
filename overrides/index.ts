/**
 * The overrides of every resource (docs/architecture.md "The layers"): per-resource additions and replacements,
 * keyed by resource name. The app hands it to the runtime (`mergeOverrides`,
 * `ResourceRuntimeProvider`); `src/resources` never imports this folder.
 */
import type { ResourceOverrides } from '../src/resources';
import { auditOverride } from './audit';
import { billingRunsOverride } from './billing-runs';
import { contractsOverride } from './contracts';
import { customersOverride } from './customers';
import { incomingPaymentsOverride } from './incoming-payments';
import { invoicesOverride } from './invoices';
import { reportsOverride } from './reports';
import { fusesOverride } from './fuses';
import { pointsOverride } from './points';
import { rolesOverride } from './roles';
import { tariffsOverride } from './tariffs';
import { tariffDevicesOverride } from './tariffdevices';
import { usersOverride } from './users';

export const overrides: ResourceOverrides = {
  audit: auditOverride,
  'billing-runs': billingRunsOverride,
  contracts: contractsOverride,
  customers: customersOverride,
  fuses: fusesOverride,
  'incoming-payments': incomingPaymentsOverride,
  invoices: invoicesOverride,
  reports: reportsOverride,
  points: pointsOverride,
  roles: rolesOverride,
  tariffdevices: tariffDevicesOverride,
  tariffs: tariffsOverride,
  users: usersOverride,
};

export { groups } from './groups';
export { views } from './views';

/**
 * The override registry (DESIGN.md "overrides/"): per-resource additions and replacements,
 * keyed by resource name. The app hands it to the runtime (`mergeOverrides`,
 * `ResourceRegistryProvider`); `src/resources` never imports this folder.
 */
import type { ResourceOverrides } from '../src/resources';
import { customersOverride } from './customers';
import { fusesOverride, tariffsFuseOverride } from './fuses';
import { rolesOverride } from './roles';
import { tariffDevicesOverride } from './tariffdevices';
import { usersOverride } from './users';

export const overrides: ResourceOverrides = {
  customers: customersOverride,
  fuses: fusesOverride,
  roles: rolesOverride,
  tariffdevices: tariffDevicesOverride,
  tariffs: tariffsFuseOverride,
  users: usersOverride,
};

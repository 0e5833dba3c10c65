/**
 * Every resource of the API, in the order OpenAPI tags and the registry list them. A new
 * entity is a new definition file here plus its table in `db/schema/` (see
 * `engine/define.ts`).
 */
import type { ResourceDefinition } from '../engine';
import { billingRunsResource, invoicesResource } from './billing';
import { contractsResource } from './contracts';
import { incomingPaymentsResource, paymentsResource } from './payments';
import { addressesResource, customersResource } from './customers';
import { measurementsResource, tariffDevicesResource } from './devices';
import { pointsResource, specificationsResource } from './points';
import { rolesResource } from './roles';
import { tariffsResource } from './tariffs';
import {
  collectorsResource,
  discountsResource,
  distributorsResource,
  fusesResource,
  obisesResource,
  pricelistsResource,
  productsResource,
  reportsResource,
  suppliersResource,
} from './settings';
import { usersResource } from './users';

/** The resources the app serves. */
export const resources: readonly ResourceDefinition[] = [
  rolesResource,
  usersResource,
  productsResource,
  discountsResource,
  suppliersResource,
  distributorsResource,
  fusesResource,
  obisesResource,
  collectorsResource,
  pricelistsResource,
  tariffsResource,
  reportsResource,
  customersResource,
  addressesResource,
  contractsResource,
  paymentsResource,
  pointsResource,
  specificationsResource,
  tariffDevicesResource,
  measurementsResource,
  invoicesResource,
  billingRunsResource,
  incomingPaymentsResource,
];
export { DUPLICATE, IN_FUTURE, REGISTERS, higherThanAfter, lowerThanBefore } from './devices';
export { dicValidator, gs1CheckDigit, icoCheckDigit, icoValidator } from '../rules';

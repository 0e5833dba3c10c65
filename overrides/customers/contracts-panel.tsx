/**
 * The customer dialog's contracts (docs/product.md): the generic related
 * list, narrowed to the contract number, state and mode, with a "Validity" column saying at
 * a glance the period and where it stands today ("1. 1. 2024 – 31. 12. 2025 · in force").
 * Its body (`contracts-list.tsx`) loads when a customer dialog first shows it.
 */
import { lazyComponent, type ResourceDescriptor, type ResourcePanel } from '../../src/resources';
import { customerMessages } from './messages';

/** The child resource whose related list the panel replaces. */
export const CONTRACTS = 'contracts';
/** The computed column's name. */
export const VALIDITY_COLUMN = 'validity';
/** The contracts' columns the panel shows. */
export const SHOWN = ['contract_no', 'state', 'mode'];
/** The fields of a contract's validity. */
export const FROM = 'valid_from';
/** See {@link FROM}. */
export const TO = 'valid_to';

/** Whether the contracts carry what the panel shows (a plain DRF back-end may not). */
export function hasValidity(descriptorsByName: Readonly<Record<string, ResourceDescriptor>>) {
  const fields = descriptorsByName[CONTRACTS]?.fields ?? [];
  return [FROM, TO].every((name) => fields.some((field) => field.name === name));
}

/** The panel, for `customersOverride.panels`. */
export const customerContractsPanel: ResourcePanel = {
  id: 'contracts',
  title: customerMessages.contracts.id,
  replaces: CONTRACTS,
  available: hasValidity,
  component: lazyComponent(() =>
    import('./contracts-list').then((module) => module.CustomerContracts),
  ),
};

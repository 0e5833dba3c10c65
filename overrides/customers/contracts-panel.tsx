/**
 * The customer dialog's contracts (issue 13 "A customer … as a whole"): the generic related
 * list, narrowed to the contract number, state and mode, with a "Validity" column saying at
 * a glance the period and where it stands today ("1. 1. 2024 – 31. 12. 2025 · in force").
 */
import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import {
  RelatedList,
  type ColumnCell,
  type ResourceDescriptor,
  type ResourcePanel,
  type ResourcePanelProps,
  type ResourceRow,
} from '../../src/resources';
import { formatIsoDate, isoOrNull, todayIso, validityState } from '../validity';
import { customerMessages } from './messages';

/** The child resource whose related list the panel replaces. */
export const CONTRACTS = 'contracts';
/** The computed column's name. */
export const VALIDITY_COLUMN = 'validity';
const SHOWN = ['contract_no', 'state', 'mode'];
const FROM = 'valid_from';
const TO = 'valid_to';

/** "1. 1. 2024 – 31. 12. 2025 · in force" of a contract row on `today`; '' without a start. */
export function validityText(row: ResourceRow, intl: IntlShape, today: string): string {
  const from = isoOrNull(row[FROM]);
  if (from === null) return '';
  const to = isoOrNull(row[TO]);
  const dates = to
    ? intl.formatMessage(customerMessages.validRange, {
        from: formatIsoDate(from, intl.locale),
        to: formatIsoDate(to, intl.locale),
      })
    : intl.formatMessage(customerMessages.validOpen, { from: formatIsoDate(from, intl.locale) });
  const state = intl.formatMessage(customerMessages[validityState(from, to, today)]);
  return `${dates} · ${state}`;
}

/** Whether the contracts carry what the panel shows (a plain DRF back-end may not). */
export function hasValidity(descriptorsByName: Readonly<Record<string, ResourceDescriptor>>) {
  const fields = descriptorsByName[CONTRACTS]?.fields ?? [];
  return [FROM, TO].every((name) => fields.some((field) => field.name === name));
}

const EXTRA = [VALIDITY_COLUMN];

function CustomerContracts({ id, related }: ResourcePanelProps) {
  const intl = useIntl();
  const cells = useMemo<Record<string, ColumnCell>>(() => {
    const today = todayIso();
    return {
      [VALIDITY_COLUMN]: {
        header: customerMessages.validity.id,
        format: (row) => validityText(row, intl, today),
      },
    };
  }, [intl]);
  const descriptor = useMemo(() => {
    if (!related) return undefined;
    const d = related.descriptor;
    return { ...d, columns: SHOWN.filter((name) => d.fields.some((f) => f.name === name)) };
  }, [related]);
  if (!related || !descriptor) return null;
  return (
    <RelatedList
      descriptor={descriptor}
      field={related.field}
      parentId={id}
      extraColumns={EXTRA}
      cells={cells}
    />
  );
}

/** The panel, for `customersOverride.panels`. */
export const customerContractsPanel: ResourcePanel = {
  id: 'contracts',
  title: customerMessages.contracts.id,
  replaces: CONTRACTS,
  available: hasValidity,
  component: CustomerContracts,
};

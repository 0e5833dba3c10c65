/**
 * The body of the customer dialog's contracts panel (`contracts-panel.tsx`), loaded when a
 * customer dialog first shows it: the generic related list of the contracts, narrowed to
 * the contract number, state and mode, with the "Validity" column.
 */
import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import {
  RelatedList,
  type ColumnCell,
  type ResourcePanelProps,
  type ResourceRow,
} from '../../src/resources';
import { formatIsoDate, isoOrNull, todayIso, validityState } from '../validity';
import { FROM, SHOWN, TO, VALIDITY_COLUMN } from './contracts-panel';
import { validityMessages } from './contracts-list-messages';

/** "1. 1. 2024 – 31. 12. 2025 · in force" of a contract row on `today`; '' without a start. */
export function validityText(row: ResourceRow, intl: IntlShape, today: string): string {
  const from = isoOrNull(row[FROM]);
  if (from === null) return '';
  const to = isoOrNull(row[TO]);
  const dates = to
    ? intl.formatMessage(validityMessages.validRange, {
        from: formatIsoDate(from, intl.locale),
        to: formatIsoDate(to, intl.locale),
      })
    : intl.formatMessage(validityMessages.validOpen, { from: formatIsoDate(from, intl.locale) });
  const state = intl.formatMessage(validityMessages[validityState(from, to, today)]);
  return `${dates} · ${state}`;
}

const EXTRA = [VALIDITY_COLUMN];

/** The panel's body: the contracts' related list with the validity column. */
export function CustomerContracts({ id, related }: ResourcePanelProps) {
  const intl = useIntl();
  const cells = useMemo<Record<string, ColumnCell>>(() => {
    const today = todayIso();
    return {
      [VALIDITY_COLUMN]: {
        header: validityMessages.validity.id,
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

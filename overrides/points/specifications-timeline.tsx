/**
 * The consumption point's specifications as a timeline (docs/product.md), in
 * place of the generic specifications list of the point dialog: newest first, each with its
 * validity, the one in force marked, its rate, fuse and capacities, and its production part
 * when it has one; each opens its own dialog. "New specification from …" opens the create
 * dialog with a copy of the one in force starting on the chosen day: the server closes the
 * one in force (when open-ended) the day before when the new one is saved (docs/product.md §3
 * Specification), and the timeline, read again after any specification is saved, shows both.
 */
import { startTransition, useMemo, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { Button, Callout, Card, FormGroup, Spinner, Tag } from '@blueprintjs/core';
import {
  ALL_PAGE_SIZE,
  DialogSlot,
  LazyResourceDialog,
  DateInput,
  RecordPathProvider,
  listQueryOptions,
  useResourceRuntime,
  type FieldDescriptor,
  type ResourceDescriptor,
  type ResourcePanelProps,
  type ResourceRow,
  type RowId,
} from '../../src/resources';
import { dayBefore, formatIsoDate, isoOrNull, todayIso, validityState } from '../validity';
import { timelineMessages } from './messages';

export { hasValidityPeriods, SPECIFICATIONS } from './validity-periods';

const FROM = 'valid_from';
const TO = 'valid_to';
const STATE = 'state';
const CANCELLED = 'cancelled';
const PRODUCTION = 'production_type';
/** What a specification says, in this order, when the back-end has the field. */
const MAIN_FIELDS = [
  STATE,
  'distribution_tariff_code',
  'main_fuse',
  'phases',
  'reserved_capacity',
  'estimated_annual_consumption',
  'tariff_device',
];
/** Its production part, shown when `production_type` is set. */
const PRODUCTION_FIELDS = [PRODUCTION, 'producer_name', 'installed_power', 'reserved_power'];

/** The specifications newest first (by start, then id). */
export function newestFirst(rows: readonly ResourceRow[]): ResourceRow[] {
  return [...rows].sort(
    (a, b) =>
      String(b[FROM] ?? '').localeCompare(String(a[FROM] ?? '')) || Number(b.id) - Number(a.id),
  );
}

/** The specification in force on `day` (not cancelled), or undefined. */
export function inForce(rows: readonly ResourceRow[], day: string): ResourceRow | undefined {
  return newestFirst(rows).find((row) => {
    const from = isoOrNull(row[FROM]);
    return (
      from !== null &&
      row[STATE] !== CANCELLED &&
      validityState(from, isoOrNull(row[TO]), day) === 'inForce'
    );
  });
}

/**
 * A new specification's starting values: the writable fields of `source` (the one in
 * force), starting `from`, open-ended; just the point when there is none in force.
 */
export function copyFrom(
  descriptor: ResourceDescriptor,
  source: ResourceRow | undefined,
  parent: { field: string; id: RowId },
  from: string,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (source) {
    for (const field of descriptor.fields) {
      if (field.readOnly || field.name === descriptor.idField) continue;
      if (source[field.name] !== undefined) values[field.name] = source[field.name];
    }
  }
  return { ...values, [parent.field]: parent.id, [FROM]: from, [TO]: null };
}

/** The first day of the next month, a usual start of a new specification. */
export function nextMonthStart(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The text of one field of a specification, or '' when it is empty. */
function fieldText(field: FieldDescriptor, row: ResourceRow, intl: IntlShape): string {
  const value = row[field.name];
  if (value === null || value === undefined || value === '') return '';
  if (field.kind === 'choice') {
    const choice = field.choices?.find((c) => String(c.value) === String(value));
    return choice ? intl.formatMessage({ id: choice.label, defaultMessage: String(value) }) : '';
  }
  if (field.kind === 'reference') {
    const title = field.titleField ? row[field.titleField] : undefined;
    return typeof title === 'string' && title !== '' ? title : `#${String(value)}`;
  }
  if (field.kind === 'decimal' && typeof value === 'string' && value.trim() !== '') {
    return new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 3 }).format(
      value as `${number}`,
    );
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** "1. 1. 2024 – 31. 12. 2024" or "from 1. 1. 2025". */
function validityOf(row: ResourceRow, intl: IntlShape): string {
  const from = isoOrNull(row[FROM]) ?? '';
  const to = isoOrNull(row[TO]);
  return to
    ? intl.formatMessage(timelineMessages.validRange, {
        from: formatIsoDate(from, intl.locale),
        to: formatIsoDate(to, intl.locale),
      })
    : intl.formatMessage(timelineMessages.validOpen, { from: formatIsoDate(from, intl.locale) });
}

function Facts({
  descriptor,
  row,
  names,
}: {
  descriptor: ResourceDescriptor;
  row: ResourceRow;
  names: readonly string[];
}) {
  const intl = useIntl();
  const facts = names.flatMap((name) => {
    const field = descriptor.fields.find((f) => f.name === name);
    const value = field ? fieldText(field, row, intl) : '';
    return field && value
      ? [{ name, label: intl.formatMessage({ id: field.label, defaultMessage: name }), value }]
      : [];
  });
  return (
    <dl
      className="joule-spec-facts"
      style={{ display: 'flex', flexWrap: 'wrap', gap: '0 16px', margin: 0 }}
    >
      {facts.map(({ name, label, value }) => (
        <div key={name} style={{ display: 'flex', gap: 4 }}>
          <dt style={{ opacity: 0.75 }}>{label}:</dt>
          <dd style={{ margin: 0 }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type DialogTarget = { id: RowId | null; preset?: Record<string, unknown> } | null;

export function SpecificationsTimeline({ id, related }: ResourcePanelProps) {
  const intl = useIntl();
  const { request } = useResourceRuntime();
  const descriptor = related?.descriptor;
  const field = related?.field ?? '';
  const today = todayIso();
  const [start, setStart] = useState(() => nextMonthStart(today));
  const [dialog, setDialog] = useState<DialogTarget>(null);
  const query = useQuery({
    ...listQueryOptions(request, descriptor!, {
      filter: `${field}=${id}`,
      page_size: ALL_PAGE_SIZE,
    }),
    enabled: descriptor !== undefined,
  });
  const rows = useMemo(() => newestFirst(query.data?.results ?? []), [query.data]);
  const current = useMemo(() => inForce(rows, today), [rows, today]);
  if (!related || !descriptor) return null;

  const { operations } = descriptor;
  const validStart = /^\d{4}-\d{2}-\d{2}$/.test(start);
  // In a transition, as every record dialog opens (src/resources/dialog-slot.tsx).
  const openNew = () =>
    startTransition(() =>
      setDialog({ id: null, preset: copyFrom(descriptor, current, { field, id }, start) }),
    );

  return (
    <section data-testid="specifications-timeline" style={{ padding: 8 }}>
      {operations.create && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end' }}>
          <FormGroup
            label={intl.formatMessage(timelineMessages.newFrom)}
            labelFor="joule-spec-from"
            style={{ margin: 0 }}
          >
            <DateInput id="joule-spec-from" value={start} onChange={(day) => setStart(day ?? '')} />
          </FormGroup>
          <Button
            icon="plus"
            disabled={!validStart}
            text={intl.formatMessage(
              current ? timelineMessages.create : timelineMessages.createEmpty,
            )}
            onClick={openNew}
          />
          {current &&
            isoOrNull(current[TO]) === null &&
            validStart &&
            start > String(current[FROM]) && (
              <span style={{ opacity: 0.8 }}>
                {intl.formatMessage(timelineMessages.closesOld, {
                  day: formatIsoDate(dayBefore(start), intl.locale),
                })}
              </span>
            )}
        </div>
      )}
      {query.isPending ? (
        <Spinner size={20} aria-label={intl.formatMessage(timelineMessages.loading)} />
      ) : query.isError ? (
        <Callout intent="danger" compact>
          {intl.formatMessage(timelineMessages.failed)}
        </Callout>
      ) : rows.length === 0 ? (
        <p>{intl.formatMessage(timelineMessages.none)}</p>
      ) : (
        <ol
          aria-label={intl.formatMessage(timelineMessages.timeline)}
          style={{ listStyle: 'none', padding: 0, margin: '8px 0 0', display: 'grid', gap: 8 }}
        >
          {rows.map((row) => {
            const validity = validityOf(row, intl);
            const isCurrent = row === current;
            const producing = typeof row[PRODUCTION] === 'string' && row[PRODUCTION] !== '';
            return (
              <li
                key={String(row[descriptor.idField])}
                aria-current={isCurrent ? 'true' : undefined}
              >
                <Card
                  compact
                  style={{
                    borderLeft: `4px solid ${isCurrent ? 'var(--joule-accent, #2d72d2)' : 'transparent'}`,
                  }}
                >
                  <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 4 }}>
                    <Button
                      variant="minimal"
                      size="small"
                      aria-label={intl.formatMessage(timelineMessages.open, { validity })}
                      onClick={() =>
                        startTransition(() => setDialog({ id: row[descriptor.idField] as RowId }))
                      }
                    >
                      <strong>{validity}</strong>
                    </Button>
                    {isCurrent && (
                      <Tag intent="success" round>
                        {intl.formatMessage(timelineMessages.inForce)}
                      </Tag>
                    )}
                  </div>
                  <Facts descriptor={descriptor} row={row} names={MAIN_FIELDS} />
                  {producing && (
                    <div style={{ marginTop: 4 }}>
                      <strong>{intl.formatMessage(timelineMessages.production)}: </strong>
                      <Facts descriptor={descriptor} row={row} names={PRODUCTION_FIELDS} />
                    </div>
                  )}
                </Card>
              </li>
            );
          })}
        </ol>
      )}
      <DialogSlot>
        {dialog && (
          <RecordPathProvider value={null}>
            <LazyResourceDialog
              key={String(dialog.id)}
              descriptor={descriptor}
              id={dialog.id}
              preset={dialog.preset}
              onClose={() => setDialog(null)}
            />
          </RecordPathProvider>
        )}
      </DialogSlot>
    </section>
  );
}

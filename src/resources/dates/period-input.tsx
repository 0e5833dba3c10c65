/**
 * A period picked as a month, a quarter, a year or an inclusive range of days
 * (docs/extending.md "Dates and times"); whichever way, the value is the inclusive days
 * `{from, to}`, and switching the way re-picks the period on its first day.
 */
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { HTMLSelect } from '@blueprintjs/core';
import { TextDateInput, MonthInput } from './date-input';
import { DateRangeInput } from './date-range-input';
import { dateMessages } from './messages';
import {
  PERIOD_KINDS,
  monthPeriod,
  periodAs,
  periodKind,
  quarterPeriod,
  yearPeriod,
  type Period,
  type PeriodKind,
} from './period';
import type { TextCodec } from './use-typed-text';

/** Props of `PeriodInput`. */
export interface PeriodInputProps {
  /** The inclusive days, or null before one is picked. */
  readonly value: Period | null;
  /** A whole period picked (a range only once both ends are set and in order). */
  readonly onChange: (value: Period) => void;
  /** What the period is, for the inputs' accessible names ("Period: month"). */
  readonly label: string;
  /** Id prefix of the inputs. */
  readonly id: string;
  /** The ways offered. @default all four, month first */
  readonly kinds?: readonly PeriodKind[];
  /** @default false */
  readonly disabled?: boolean;
  /** The range's ends' accessible names. @default "<label>: from" and "<label>: to" */
  readonly rangeLabels?: { readonly from: string; readonly to: string };
}

const kindMessage = {
  month: dateMessages.month,
  quarter: dateMessages.quarter,
  year: dateMessages.year,
  range: dateMessages.range,
} as const;

const YEAR_CODEC: TextCodec<number> = {
  show: String,
  parse: (text) => (/^\s*\d{4}\s*$/.test(text) ? Number(text) : null),
  equal: (a, b) => a === b,
};

/** The kind selector, then the input of that kind. */
export function PeriodInput({
  value,
  onChange,
  label,
  id,
  kinds = PERIOD_KINDS,
  disabled,
  rangeLabels,
}: PeriodInputProps) {
  const intl = useIntl();
  const [kind, setKind] = useState<PeriodKind>(() => {
    const fitting = value ? periodKind(value) : 'month';
    return kinds.includes(fitting) ? fitting : (kinds[0] ?? 'range');
  });
  // A range being picked may lack an end; the value keeps the last whole period.
  const [draft, setDraft] = useState<{ from: string | null; to: string | null }>(
    value ?? { from: null, to: null },
  );
  const [followed, setFollowed] = useState(value);
  if (value !== followed) {
    setFollowed(value);
    if (value) setDraft(value);
  }
  const start = value ? new Date(`${value.from}T00:00:00`) : new Date();
  const year = start.getFullYear();
  const quarter = Math.ceil((start.getMonth() + 1) / 3);
  const quarters = useMemo(
    () =>
      [1, 2, 3, 4].map((n) => ({
        value: String(n),
        label: intl.formatMessage(dateMessages.quarterNumber, { quarter: n }),
      })),
    [intl],
  );
  const name = (part: PeriodKind) => `${label}: ${intl.formatMessage(kindMessage[part])}`;
  const yearInput = (pick: (year: number) => void) => (
    <TextDateInput<number>
      id={`${id}-year`}
      aria-label={name('year')}
      value={value ? year : null}
      codec={YEAR_CODEC}
      onChange={(next) => next !== null && pick(next)}
      placeholder={intl.formatMessage(dateMessages.yearPattern)}
      formatError={intl.formatMessage(dateMessages.yearFormat, {
        example: new Date().getFullYear(),
      })}
      disabled={disabled}
      width={90}
    />
  );
  return (
    <div className="joule-period" style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
      <HTMLSelect
        id={`${id}-kind`}
        aria-label={intl.formatMessage(dateMessages.periodKind, { label })}
        value={kind}
        disabled={disabled}
        options={kinds.map((option) => ({
          value: option,
          label: intl.formatMessage(kindMessage[option]),
        }))}
        onChange={(event) => {
          const next = event.currentTarget.value as PeriodKind;
          setKind(next);
          const base = value ?? monthPeriod(year, start.getMonth() + 1);
          if (next !== 'range' || !value) onChange(periodAs(next, base));
        }}
      />
      {kind === 'month' && (
        <MonthInput
          id={`${id}-month`}
          aria-label={name('month')}
          value={value ? value.from.slice(0, 7) : null}
          disabled={disabled}
          onChange={(month) => {
            if (month) onChange(monthPeriod(Number(month.slice(0, 4)), Number(month.slice(5))));
          }}
        />
      )}
      {kind === 'quarter' && (
        <>
          <HTMLSelect
            id={`${id}-quarter`}
            aria-label={name('quarter')}
            value={String(quarter)}
            disabled={disabled}
            options={quarters}
            onChange={(event) => onChange(quarterPeriod(year, Number(event.currentTarget.value)))}
          />
          {yearInput((next) => onChange(quarterPeriod(next, quarter)))}
        </>
      )}
      {kind === 'year' && yearInput((next) => onChange(yearPeriod(next)))}
      {kind === 'range' && (
        <DateRangeInput
          id={`${id}-range`}
          label={label}
          value={draft}
          disabled={disabled}
          endLabels={rangeLabels}
          onChange={(next) => {
            setDraft(next);
            if (next.from && next.to && next.from <= next.to)
              onChange({ from: next.from, to: next.to });
          }}
        />
      )}
    </div>
  );
}

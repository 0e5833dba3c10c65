/**
 * The month calendar (Blueprint has a day picker, not a month one): a year with its twelve
 * months as buttons, named in the app's language, the year changed by the arrows beside it.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@blueprintjs/core';
import { dateMessages } from './messages';

/** Props of `MonthGrid`. */
export interface MonthGridProps {
  /** The month shown selected (`YYYY-MM`), or null: the grid opens on its year, else this year. */
  readonly value: string | null;
  /** BCP 47 locale of the month names. */
  readonly locale: string;
  readonly onPick: (month: string) => void;
}

/** Twelve month buttons of one year; picking one calls `onPick` with `YYYY-MM`. */
export function MonthGrid({ value, locale, onPick }: MonthGridProps) {
  const intl = useIntl();
  const [year, setYear] = useState(() =>
    value ? Number(value.slice(0, 4)) : new Date().getFullYear(),
  );
  const short = new Intl.DateTimeFormat(locale, { month: 'short' });
  const long = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  return (
    <div className="joule-month-grid" style={{ padding: 8, width: 240 }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Button
          variant="minimal"
          icon="chevron-left"
          aria-label={intl.formatMessage(dateMessages.previousYear)}
          onClick={() => setYear(year - 1)}
        />
        <strong aria-live="polite">{year}</strong>
        <Button
          variant="minimal"
          icon="chevron-right"
          aria-label={intl.formatMessage(dateMessages.nextYear)}
          onClick={() => setYear(year + 1)}
        />
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 4 }}>
        {Array.from({ length: 12 }, (_, index) => {
          const month = `${year}-${String(index + 1).padStart(2, '0')}`;
          const date = new Date(year, index, 1);
          return (
            <Button
              key={month}
              variant={month === value ? 'solid' : 'minimal'}
              intent={month === value ? 'primary' : 'none'}
              aria-pressed={month === value}
              aria-label={long.format(date)}
              onClick={() => onPick(month)}
            >
              {short.format(date)}
            </Button>
          );
        })}
      </div>
    </div>
  );
}

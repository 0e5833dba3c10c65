/**
 * The calendars of the app's date inputs (docs/extending.md "Dates and times"): Blueprint's
 * date picker (a day, a day and time) and date range picker in the app's language, and a
 * grid of months for a month. Its own chunk: `@blueprintjs/datetime`, react-day-picker and
 * the date-fns locales load when a person first opens a calendar, never with a list page
 * (lazy: `CalendarButton` loads it on first use).
 */
import { DatePicker, DateRangePicker, TimePrecision } from '@blueprintjs/datetime';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { cs, enUS } from 'date-fns/locale';
import { MonthGrid } from './month-grid';

/** What a calendar picks, and what it tells when a person picks it. */
export type CalendarPick =
  | {
      /** A day, or a day and time with `withTime` (the default mode). */
      readonly mode?: 'date';
      /** The date shown selected, or null. */
      readonly value: Date | null;
      /** Also pick hours and minutes. */
      readonly withTime?: boolean;
      readonly onPick: (date: Date) => void;
    }
  | {
      /** Two days, both inclusive. */
      readonly mode: 'range';
      readonly value: readonly [Date | null, Date | null];
      /** Each click: the start alone first, then both ends. */
      readonly onPick: (range: [Date | null, Date | null]) => void;
    }
  | {
      /** A month, `YYYY-MM`. */
      readonly mode: 'month';
      readonly value: string | null;
      readonly onPick: (month: string) => void;
    };

/** Props of `Calendar`. */
export type CalendarProps = CalendarPick & {
  /** BCP 47 locale of the app's language (`cs-CZ`, `en-US`): month and day names. */
  readonly locale: string;
};

/** Years the calendar offers: wide enough for birth dates and contracts far ahead. */
const MIN_DATE = new Date(1900, 0, 1);
const MAX_DATE = new Date(2099, 11, 31);

/** The calendar of a pick, with the date-fns locale of the app's language. */
export function Calendar(props: CalendarProps) {
  const locale = props.locale.startsWith('cs') ? cs : enUS;
  if (props.mode === 'month')
    return <MonthGrid value={props.value} locale={props.locale} onPick={props.onPick} />;
  if (props.mode === 'range') {
    const { onPick } = props;
    return (
      <DateRangePicker
        value={[props.value[0], props.value[1]]}
        locale={locale}
        minDate={MIN_DATE}
        maxDate={MAX_DATE}
        allowSingleDayRange
        shortcuts={false}
        highlightCurrentDay
        onChange={(range) => onPick([range[0], range[1]])}
      />
    );
  }
  const { onPick } = props;
  return (
    <DatePicker
      value={props.value}
      locale={locale}
      minDate={MIN_DATE}
      maxDate={MAX_DATE}
      highlightCurrentDay
      canClearSelection={false}
      timePrecision={props.withTime ? TimePrecision.MINUTE : undefined}
      onChange={(date, isUserChange) => {
        if (date && isUserChange) onPick(date);
      }}
    />
  );
}

export default Calendar;

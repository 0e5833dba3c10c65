/**
 * The calendar of the date and date-time fields (issue 17: Blueprint's date picker in the
 * app's language, not the browser's `mm/dd/yyyy` widget). Its own chunk: `@blueprintjs/datetime`,
 * react-day-picker and the date-fns locales load when a person first opens a calendar,
 * never with a list page (`CalendarButton` imports it lazily).
 */
import { DatePicker, TimePrecision } from '@blueprintjs/datetime';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { cs, enUS } from 'date-fns/locale';

/** Props of `Calendar`. */
export interface CalendarProps {
  /** The date shown selected, or null. */
  readonly value: Date | null;
  /** BCP 47 locale of the app's language (`cs-CZ`, `en-US`): month and day names. */
  readonly locale: string;
  /** Also pick hours and minutes (date-time fields). */
  readonly withTime?: boolean;
  /** A day (and time) the person picked. */
  readonly onPick: (date: Date) => void;
}

/** Years the calendar offers: wide enough for birth dates and contracts far ahead. */
const MIN_DATE = new Date(1900, 0, 1);
const MAX_DATE = new Date(2099, 11, 31);

/** Blueprint's `DatePicker` with the date-fns locale of the app's language. */
export function Calendar({ value, locale, withTime = false, onPick }: CalendarProps) {
  return (
    <DatePicker
      value={value}
      locale={locale.startsWith('cs') ? cs : enUS}
      minDate={MIN_DATE}
      maxDate={MAX_DATE}
      highlightCurrentDay
      canClearSelection={false}
      timePrecision={withTime ? TimePrecision.MINUTE : undefined}
      onChange={(date, isUserChange) => {
        if (date && isUserChange) onPick(date);
      }}
    />
  );
}

export default Calendar;

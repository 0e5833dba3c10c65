/**
 * The `app.dates.*` messages of the app's date and time inputs. They are in the app's own
 * catalogue (`locales/<lang>.json`, loaded before any page), because the inputs appear on
 * pages (reports, settings) as well as in dialogs.
 */
import { defineMessages } from 'react-intl';

/** Message descriptors of the date and time inputs. */
export const dateMessages = defineMessages({
  datePattern: { id: 'app.dates.datePattern', defaultMessage: 'M/D/YYYY' },
  dateTimePattern: { id: 'app.dates.dateTimePattern', defaultMessage: 'M/D/YYYY h:mm AM' },
  monthPattern: { id: 'app.dates.monthPattern', defaultMessage: 'M/YYYY' },
  yearPattern: { id: 'app.dates.yearPattern', defaultMessage: 'YYYY' },
  dateFormat: {
    id: 'app.dates.dateFormat',
    defaultMessage: 'Date must be in {format}',
  },
  dateTimeFormat: {
    id: 'app.dates.dateTimeFormat',
    defaultMessage: 'Date and time must be in {format}',
  },
  monthFormat: { id: 'app.dates.monthFormat', defaultMessage: 'Month must be in {format}' },
  yearFormat: { id: 'app.dates.yearFormat', defaultMessage: 'Enter a year such as {example}' },
  rangeOrder: {
    id: 'app.dates.rangeOrder',
    defaultMessage: 'The end must not be before the start',
  },
  openCalendar: { id: 'app.dates.openCalendar', defaultMessage: 'Calendar' },
  previousYear: { id: 'app.dates.previousYear', defaultMessage: 'Previous year' },
  nextYear: { id: 'app.dates.nextYear', defaultMessage: 'Next year' },
  rangeFrom: { id: 'app.dates.rangeFrom', defaultMessage: '{label}: from' },
  rangeTo: { id: 'app.dates.rangeTo', defaultMessage: '{label}: to' },
  periodKind: { id: 'app.dates.periodKind', defaultMessage: '{label}: period by' },
  month: { id: 'app.dates.month', defaultMessage: 'Month' },
  quarter: { id: 'app.dates.quarter', defaultMessage: 'Quarter' },
  year: { id: 'app.dates.year', defaultMessage: 'Year' },
  range: { id: 'app.dates.range', defaultMessage: 'Date range' },
  quarterNumber: { id: 'app.dates.quarterNumber', defaultMessage: 'Q{quarter}' },
});

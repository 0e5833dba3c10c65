/**
 * Dates as people type and read them (docs/extending.md "Dates and times"): shown exactly as
 * the lists show them (`1. 4. 2025`, `1. 4. 2025 8:00` in Czech; `4/1/2025`,
 * `4/1/2025, 8:00 AM` in English), typed in the language's format or in ISO 8601
 * (`2025-04-01`, `2025-04-01 08:00`), sent in the API's formats (docs/api.md "Base, format,
 * auth"). Plain functions of a BCP 47 locale, no React.
 */
import { DATE_FORMAT, DATE_TIME_FORMAT, toIsoDate } from '../../i18n';

/** The two date languages: Czech (`D. M. YYYY`) and English (en-US, `M/D/YYYY`). */
type DateLanguage = 'cs' | 'en';

const languageOf = (locale: string): DateLanguage => (locale.startsWith('cs') ? 'cs' : 'en');

/** Spaces as Intl writes them (no-break, narrow no-break) and as people type them. */
const normalize = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** The local calendar day `year-month-day`, or null when there is no such day (30 February). */
function day(year: number, month: number, date: number): Date | null {
  if (year < 1000 || year > 9999) return null;
  const value = new Date(year, month - 1, date);
  value.setFullYear(year); // years before 100 are not shifted to 19xx
  return value.getFullYear() === year && value.getMonth() === month - 1 && value.getDate() === date
    ? value
    : null;
}

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const LOCAL_DATE: Record<DateLanguage, RegExp> = {
  cs: /^(\d{1,2})\. ?(\d{1,2})\. ?(\d{4})$/,
  en: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/,
};

/** Day, month, year of a date typed in ISO or in `language`'s format, or null. */
function dateParts(text: string, language: DateLanguage): [number, number, number] | null {
  const iso = ISO_DATE.exec(text);
  if (iso) return [Number(iso[3]), Number(iso[2]), Number(iso[1])];
  const local = LOCAL_DATE[language].exec(text);
  if (!local) return null;
  const [a, b, year] = [Number(local[1]), Number(local[2]), Number(local[3])];
  return language === 'cs' ? [a, b, year] : [b, a, year];
}

/**
 * A date typed in ISO (`2025-04-01`) or in the language of `locale` (`1. 4. 2025`,
 * `4/1/2025`) → `YYYY-MM-DD`; null when it names no calendar day (`32. 13. 2026`).
 */
export function parseDateText(text: string, locale: string): string | null {
  const parts = dateParts(normalize(text), languageOf(locale));
  const value = parts && day(parts[2], parts[1], parts[0]);
  return value ? toIsoDate(value) : null;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, options: Intl.DateTimeFormatOptions, key: string) {
  let found = formats.get(`${locale} ${key}`);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formats.set(`${locale} ${key}`, found);
  }
  return found;
}

/** `YYYY-MM-DD` → the lists' date (`1. 4. 2025`, `4/1/2025`); other text as it is. */
export function formatDateText(iso: string, locale: string): string {
  const parts = ISO_DATE.exec(iso);
  const value = parts && day(Number(parts[1]), Number(parts[2]), Number(parts[3]));
  return value ? format(locale, DATE_FORMAT, 'date').format(value) : iso;
}

const ISO_DATE_TIME =
  /^(\d{4}-\d{1,2}-\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const LOCAL_TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?: ?([AP])\.? ?M\.?)?$/i;

const validTime = (hours: number, minutes: number, seconds: number) =>
  hours <= 23 && minutes <= 59 && seconds <= 59;

/** The instant of a wall-clock time on `date`, or null when the time is impossible. */
function atTime(date: Date, hours: number, minutes: number, seconds = 0): Date | null {
  if (!validTime(hours, minutes, seconds)) return null;
  const value = new Date(date);
  value.setHours(hours, minutes, seconds, 0);
  return value;
}

/**
 * A date and time typed in ISO 8601 (`2025-04-01 08:00`, `2025-04-01T08:00:00+02:00`) or in
 * the language of `locale` (`1. 4. 2025 8:00`, `4/1/2025, 8:00 AM`, `4/1/2025 20:00`) → the
 * instant; without an offset it is the browser's local time. Null when malformed.
 */
export function parseDateTimeText(text: string, locale: string): Date | null {
  const typed = normalize(text);
  const iso = ISO_DATE_TIME.exec(typed);
  if (iso) {
    const date = parseDateText(iso[1] ?? '', locale);
    if (!date || !validTime(Number(iso[2]), Number(iso[3]), Number(iso[4] ?? 0))) return null;
    const [hh, mm, ss] = [iso[2], iso[3], iso[4] ?? '00'].map((n) => (n ?? '').padStart(2, '0'));
    const fraction = (iso[5] ?? '').slice(0, 3).padEnd(3, '0');
    const offset = iso[6] ? iso[6].toUpperCase().replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : '';
    if (offset) return new Date(`${date}T${hh}:${mm}:${ss}.${fraction}${offset}`);
    const local = atTime(new Date(`${date}T00:00:00`), Number(hh), Number(mm), Number(ss));
    local?.setMilliseconds(Number(fraction));
    return local;
  }
  // The date, then the time: "1. 4. 2025 8:00", "4/1/2025, 8:00 AM".
  const split = /^(.*?\d{4}),? (.+)$/.exec(typed);
  if (!split) return null;
  const date = parseDateText(split[1] ?? '', locale);
  const time = LOCAL_TIME.exec(split[2] ?? '');
  if (!date || !time) return null;
  let hours = Number(time[1]);
  const meridiem = time[4]?.toUpperCase();
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'P' ? 12 : 0);
  }
  return atTime(new Date(`${date}T00:00:00`), hours, Number(time[2]), Number(time[3] ?? 0));
}

/** An instant (a `Date` or ISO 8601 text) → the lists' date and time; bad text as it is. */
export function formatDateTimeText(value: Date | string, locale: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  return format(locale, DATE_TIME_FORMAT, 'datetime').format(date);
}

/** True for `YYYY-MM` naming a month of the years 1000–9999. */
export function isIsoMonth(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  return !!match && Number(match[1]) >= 1000 && Number(match[2]) >= 1 && Number(match[2]) <= 12;
}

/** Lower case without accents: "Březen" and "brezen" are the same month. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The month names of `locale` (standalone, long and short), folded, January first. */
function monthNames(locale: string): readonly (readonly string[])[] {
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(2000, index, 1);
    return ['long', 'short'].map((month) =>
      fold(
        format(locale, { month: month as 'long' | 'short' }, `month-${month}`)
          .format(date)
          .replace(/\.$/, ''),
      ),
    );
  });
}

/**
 * A month typed in ISO (`2025-04`), as numbers (`4/2025`, `4. 2025`, `04.2025`) or by its
 * name in the language of `locale` (`duben 2025`, `dub 2025`, `April 2025`, `Apr 2025`) →
 * `YYYY-MM`; null otherwise.
 */
export function parseMonthText(text: string, locale: string): string | null {
  const typed = normalize(text);
  const result = (year: number, month: number) =>
    month >= 1 && month <= 12 && year >= 1000 && year <= 9999
      ? `${year}-${String(month).padStart(2, '0')}`
      : null;
  const iso = /^(\d{4})-(\d{1,2})$/.exec(typed);
  if (iso) return result(Number(iso[1]), Number(iso[2]));
  const numeric = /^(\d{1,2}) ?[./] ?(\d{4})$/.exec(typed);
  if (numeric) return result(Number(numeric[2]), Number(numeric[1]));
  const named = /^(\p{L}+)\.? (\d{4})$/u.exec(typed);
  if (!named) return null;
  const word = fold(named[1] ?? '');
  const index = monthNames(locale).findIndex((names) =>
    names.some((name) => name === word || (word.length >= 3 && name.startsWith(word))),
  );
  return index < 0 ? null : result(Number(named[2]), index + 1);
}

/** `YYYY-MM` → the month as the language names it (`duben 2025`, `April 2025`). */
export function formatMonthText(month: string, locale: string): string {
  if (!isIsoMonth(month)) return month;
  const [year, index] = month.split('-').map(Number) as [number, number];
  return format(locale, { month: 'long', year: 'numeric' }, 'month-year').format(
    new Date(year, index - 1, 1),
  );
}

/** `YYYY-MM-DD` → the local calendar day, or null. */
export function isoToLocalDay(iso: string | null | undefined): Date | null {
  const parts = iso ? ISO_DATE.exec(iso) : null;
  return parts ? day(Number(parts[1]), Number(parts[2]), Number(parts[3])) : null;
}

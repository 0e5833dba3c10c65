/**
 * Date formats (docs/product.md §5): dates travel as ISO `YYYY-MM-DD` and are shown in the
 * language's format (`1. 4. 2025`, `4/1/2025`); the inputs that read them are
 * src/resources' (docs/extending.md "Dates and times").
 */
import type { Language } from './settings';

/** docs/product.md §9: the default date locale. */
export const DEFAULT_DATE_LOCALE = 'en-US';

const dateLocales: Readonly<Record<Language, string>> = { en: DEFAULT_DATE_LOCALE, cs: 'cs-CZ' };

/**
 * The BCP 47 locale dates, numbers and relative times are formatted in for `lang`
 * (`5. 3. 2025` in Czech, `3/5/2025` in English); en-US for anything unknown.
 */
export function dateLocale(lang: string): string {
  return dateLocales[lang as Language] ?? DEFAULT_DATE_LOCALE;
}

/**
 * The one way a date is shown (docs/product.md): `31. 12. 2025` in Czech, `12/31/2025` in English
 * (`Intl.DateTimeFormat` / react-intl `formatDate` options, with {@link dateLocale}).
 */
export const DATE_FORMAT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
};

/**
 * The one way a date-time is shown (docs/product.md): `31. 12. 2025 0:00` in Czech,
 * `12/31/2025, 12:00 AM` in English (en-US), in the browser's time zone. Lists, dialogs,
 * history and messages all use it, never `dateStyle: 'short'` (`31.12.25 0:00`).
 */
export const DATE_TIME_FORMAT: Intl.DateTimeFormatOptions = {
  ...DATE_FORMAT,
  hour: 'numeric',
  minute: '2-digit',
};

/** {@link DATE_TIME_FORMAT} with seconds, where the exact moment matters (tooltips). */
export const DATE_TIME_SECONDS_FORMAT: Intl.DateTimeFormatOptions = {
  ...DATE_TIME_FORMAT,
  second: '2-digit',
};

/** True when `value` is a real calendar date written `YYYY-MM-DD` (2025-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** A local calendar date as `YYYY-MM-DD` (the wire format of docs/api.md). */
export function toIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Calendar arithmetic for billing (docs/billing.md "The calculation"): periods are `[from, to)` of
 * ISO dates (`YYYY-MM-DD`) in Europe/Prague; a day starts at local midnight there.
 */

/** The time zone billing days are counted in. */
export const BILLING_TIME_ZONE = 'Europe/Prague';

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** `date` plus `days` (may be negative), as `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (`to` − `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Days of the month `date` falls in (28–31). */
export function daysInMonth(date: string): number {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The first day of the month after `date`'s. */
export function firstOfNextMonth(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

const pragueParts = new Intl.DateTimeFormat('en-US', {
  timeZone: BILLING_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Offset of Europe/Prague from UTC at the instant `ms`, in milliseconds (ICU's tz data). */
function pragueOffset(ms: number): number {
  const parts = Object.fromEntries(
    pragueParts.formatToParts(new Date(ms)).map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return local - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant (milliseconds since the epoch) at which `date` begins in Europe/Prague. Midnight
 * never falls into a daylight-saving gap there (changes happen at 02:00/03:00).
 */
export function startOfDay(date: string): number {
  const known = dayStarts.get(date);
  if (known !== undefined) return known;
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  const guess = utcMidnight - pragueOffset(utcMidnight);
  const start = utcMidnight - pragueOffset(guess);
  // Remembered: a billing run asks for the same few period boundaries thousands of times,
  // and ICU's formatting is the dear part.
  if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
  dayStarts.set(date, start);
  return start;
}

/** The {@link startOfDay} answers remembered, at most {@link DAY_STARTS_KEPT}. */
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 10_000;

/** The Europe/Prague date (`YYYY-MM-DD`) of the instant `ms`. */
export function pragueDate(ms: number): string {
  return new Date(ms + pragueOffset(ms)).toISOString().slice(0, 10);
}

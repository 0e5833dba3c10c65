/**
 * Validity periods as the bespoke screens show them (a contract's, a specification's):
 * ISO dates (`2024-01-31`) formatted in the UI language, and where a period stands today.
 */
import { DATE_FORMAT } from '../src/i18n';

/** Where a period stands on a day: not begun, running, or over. */
export type ValidityState = 'upcoming' | 'inForce' | 'ended';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's date in the browser's time zone, as `YYYY-MM-DD`. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The day before an ISO date (`2024-03-01` → `2024-02-29`). */
export function dayBefore(iso: string): string {
  const match = ISO_DATE.exec(iso);
  if (!match) return iso;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) - 1));
  return date.toISOString().slice(0, 10);
}

/**
 * Where the period `from`–`to` (ISO dates, both inclusive; `to` null for open-ended) stands
 * on `day`. ISO dates compare as text.
 */
export function validityState(from: string, to: string | null, day: string): ValidityState {
  if (day < from) return 'upcoming';
  if (to !== null && to !== '' && day > to) return 'ended';
  return 'inForce';
}

/** An ISO date in `locale`'s short form (`31. 1. 2024`, `1/31/2024`); other text as given. */
export function formatIsoDate(iso: string, locale: string): string {
  const match = ISO_DATE.exec(iso);
  if (!match) return iso;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale, { ...DATE_FORMAT, timeZone: 'UTC' }).format(date);
}

/** `value` when it is a non-empty string, else null. */
export function isoOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

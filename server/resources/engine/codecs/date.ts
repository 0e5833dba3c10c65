import { messages } from '../../../i18n/messages';
import type { DateField, DateTimeField, Parsed } from '../types';
import { fail, ok, type FieldCodec } from './codec';

function validDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** Reads `YYYY-MM-DD` (an existing calendar day) as that same string. */
export function parseDate(input: unknown): Parsed<string> {
  if (typeof input !== 'string') return fail(messages.dateFormat);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.trim());
  if (!match || !validDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    return fail(messages.dateFormat);
  }
  return ok(match[0]);
}

const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,6}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * Reads an ISO 8601 date-time like Django's `parse_datetime`: `T` or space, optional
 * seconds and fraction, offset `Z` / `±HH[:MM]`. Without an offset the time is UTC (the
 * server's time zone).
 */
export function parseDateTime(input: unknown): Parsed<Date> {
  if (typeof input !== 'string') return fail(messages.datetimeFormat);
  const match = DATETIME.exec(input.trim());
  if (!match) return fail(messages.datetimeFormat);
  const [year, month, day, hour, minute, second] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const millis = Math.floor(Number((match[7] ?? '0').padEnd(6, '0')) / 1000);
  if (!validDate(year, month, day) || hour > 23 || minute > 59 || second > 59) {
    return fail(messages.datetimeFormat);
  }
  let offsetMinutes = 0;
  const zone = match[8];
  if (zone && zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const mins = Number(digits.slice(2) || '0');
    if (hours > 23 || mins > 59) return fail(messages.datetimeFormat);
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (hours * 60 + mins);
  }
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000;
  return ok(new Date(utc));
}

/** ISO 8601 in UTC with `Z`, milliseconds only when not zero (DRF's output form). */
export function formatDateTime(value: Date): string {
  const iso = value.toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

/** `date` fields (DRF DateField): `YYYY-MM-DD` in and out. */
export const dateCodec: FieldCodec<DateField> = {
  fromJson: (input) => parseDate(input),
  toJson: (stored) => (stored instanceof Date ? stored.toISOString().slice(0, 10) : String(stored)),
  fromQuery: (query) => parseDate(query),
};

/** `datetime` fields (DRF DateTimeField). */
export const dateTimeCodec: FieldCodec<DateTimeField> = {
  fromJson: (input) => parseDateTime(input),
  toJson: (stored) => formatDateTime(stored instanceof Date ? stored : new Date(String(stored))),
  fromQuery: (query) => parseDateTime(query),
};

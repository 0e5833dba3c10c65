/**
 * Relative time of a notification (docs/product.md §2, §9): the value and unit to hand to
 * react-intl's `FormattedRelativeTime`, which words them per language ("2 minutes ago",
 * "před 2 minutami"). Plain functions and one hook; the wording is react-intl's
 * (`Intl.RelativeTimeFormat`).
 */
import { useEffect, useState } from 'react';

/** docs/product.md §9: relative-time texts refresh every 10 s. */
export const RELATIVE_TIME_REFRESH_MS = 10_000;

export type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

export interface RelativeTime {
  /** Negative for the past, as `Intl.RelativeTimeFormat` wants it. */
  readonly value: number;
  readonly unit: RelativeUnit;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const steps: readonly [RelativeUnit, number][] = [
  ['year', YEAR],
  ['month', MONTH],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/**
 * The largest whole unit between `then` and `now`: 59 s → seconds, 61 s → 1 minute,
 * 25 h → 1 day. Whole units are counted towards zero, so "1 minute ago" lasts a full minute.
 * Under 10 s the value is 0, which `numeric: 'auto'` words as "now".
 */
export function relativeTime(then: Date, now: Date): RelativeTime {
  const delta = then.getTime() - now.getTime();
  const size = Math.abs(delta);
  for (const [unit, length] of steps) {
    if (size >= length) return { value: Math.trunc(delta / length) || 0, unit };
  }
  // Seconds in steps of the refresh interval, so the text never claims more than it knows.
  const tens = Math.trunc(delta / RELATIVE_TIME_REFRESH_MS) * (RELATIVE_TIME_REFRESH_MS / SECOND);
  return { value: tens || 0, unit: 'second' };
}

/** The current time, updated every `intervalMs` while the component is mounted. */
export function useNow(intervalMs: number = RELATIVE_TIME_REFRESH_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    // Catch up at once (the list may have been closed a while), then tick.
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

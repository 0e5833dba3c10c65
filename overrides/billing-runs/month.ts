/**
 * The month of a billing run (docs/billing.md "Billing run"): the API takes and answers its first
 * day (`YYYY-MM-01`); people pick and read a month.
 */

/** `YYYY-MM-01` (or any `YYYY-MM-DD`) → its month `YYYY-MM`; empty otherwise. */
export function monthOfDate(value: unknown): string {
  return typeof value === 'string' && /^\d{4}-\d{2}/.test(value) ? value.slice(0, 7) : '';
}

/** `YYYY-MM` as typed or picked → its first day `YYYY-MM-01`; `undefined` when empty. */
export function firstDayOfMonth(month: string): string | undefined {
  return /^\d{4}-\d{2}$/.test(month) ? `${month}-01` : undefined;
}

/**
 * `YYYY-MM-DD` → the month as the UI's language names it (`březen 2025`, `March 2025`);
 * the value itself when it is no date.
 */
export function monthText(value: unknown, locale: string): string {
  const month = monthOfDate(value);
  if (!month) return typeof value === 'string' ? value : '';
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}

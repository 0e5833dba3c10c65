/**
 * Decimal input ↔ wire value (docs/api.md "Base, format, auth"):
 * people type `1234,5` in Czech, the API gets `"1234.50"`.
 */

/** The decimal separator of a locale (`,` for `cs`, `.` for `en`). */
export function decimalSeparator(locale: string): string {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value ?? '.';
}

/** A wire decimal shown for editing: `"1234.50"` → `1234,50` in Czech; no grouping. */
export function decimalToInput(value: unknown, separator: string): string {
  if (value === null || value === undefined) return '';
  return String(value).replace('.', separator);
}

/** What a typed text means. */
export type ParsedDecimal =
  | { readonly kind: 'empty' }
  | { readonly kind: 'invalid'; readonly text: string }
  | { readonly kind: 'valid'; readonly value: string };

/**
 * Reads typed text: spaces (also no-break, as Czech grouping) dropped, `,` or `.` as the
 * separator, a trailing separator ignored. With `places`, a valid number is padded to that
 * many fraction digits (`1234,5` → `"1234.50"`); more digits than `places` are kept, for
 * validation to report rather than silently round.
 */
export function parseDecimalInput(text: string, places?: number): ParsedDecimal {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (compact === '') return { kind: 'empty' };
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(compact);
  if (!match || (match[2] === '' && !match[3])) return { kind: 'invalid', text };
  const whole = (match[2] || '0').replace(/^0+(?=\d)/, '');
  let fraction = match[3] ?? '';
  if (places !== undefined && fraction.length < places) fraction = fraction.padEnd(places, '0');
  const sign = match[1] && /[1-9]/.test(whole + fraction) ? '-' : '';
  return { kind: 'valid', value: fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}` };
}

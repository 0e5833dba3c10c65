/**
 * DRF decimal limits ↔ the `pattern` drf-spectacular writes for a coerced-to-string
 * `DecimalField` (`^-?\d{0,8}(?:\.\d{0,2})?$` for `max_digits=10, decimal_places=2`).
 */

/** Digits limits of a decimal. */
export interface DecimalDigits {
  readonly maxDigits: number;
  readonly decimalPlaces: number;
}

/** Reads the limits back from drf-spectacular's pattern; undefined for any other pattern. */
export function parseDecimalPattern(pattern: string | undefined): DecimalDigits | undefined {
  const match = /^\^-\?\\d\{0,(\d+)\}\(\?:\\\.\\d\{0,(\d+)\}\)\?\$$/.exec(pattern ?? '');
  if (match?.[1] === undefined || match[2] === undefined) return undefined;
  const whole = Number(match[1]);
  const decimalPlaces = Number(match[2]);
  return { maxDigits: whole + decimalPlaces, decimalPlaces };
}

/**
 * The pattern a decimal string must match: drf-spectacular's form when the limits are known,
 * else any signed decimal.
 */
export function decimalPattern(digits: Partial<DecimalDigits>): string {
  const { maxDigits, decimalPlaces } = digits;
  if (maxDigits === undefined || decimalPlaces === undefined) return '^-?\\d+(?:\\.\\d+)?$';
  return `^-?\\d{0,${Math.max(maxDigits - decimalPlaces, 0)}}(?:\\.\\d{0,${decimalPlaces}})?$`;
}

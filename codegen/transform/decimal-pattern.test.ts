import { describe, expect, it } from 'vitest';
import { decimalPattern, parseDecimalPattern } from './decimal-pattern';

describe.each([
  ['^-?\\d{0,8}(?:\\.\\d{0,2})?$', { maxDigits: 10, decimalPlaces: 2 }],
  ['^-?\\d{0,3}(?:\\.\\d{0,6})?$', { maxDigits: 9, decimalPlaces: 6 }],
  ['^\\d+$', undefined],
  [undefined, undefined],
])('parseDecimalPattern(%s)', (pattern, want) => {
  it('reads the digits', () => expect(parseDecimalPattern(pattern)).toEqual(want));
});

describe.each([
  [{ maxDigits: 10, decimalPlaces: 2 }, '^-?\\d{0,8}(?:\\.\\d{0,2})?$'],
  [{ maxDigits: 5, decimalPlaces: 0 }, '^-?\\d{0,5}(?:\\.\\d{0,0})?$'],
  [{}, '^-?\\d+(?:\\.\\d+)?$'],
])('decimalPattern(%o)', (digits, want) => {
  it('writes drf-spectacular’s pattern', () => expect(decimalPattern(digits)).toBe(want));
  it('round-trips when complete', () => {
    if ('maxDigits' in digits) expect(parseDecimalPattern(decimalPattern(digits))).toEqual(digits);
  });
});

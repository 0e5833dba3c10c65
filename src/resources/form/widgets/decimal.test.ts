import { describe, expect, it } from 'vitest';
import { decimalSeparator, decimalToInput, parseDecimalInput, type ParsedDecimal } from './decimal';

describe.each<[string, { text: string; places?: number; want: ParsedDecimal }]>([
  ['Czech comma, padded', { text: '1234,5', places: 2, want: { kind: 'valid', value: '1234.50' } }],
  ['a point', { text: '1234.50', places: 2, want: { kind: 'valid', value: '1234.50' } }],
  [
    'grouping spaces',
    { text: '1 234\u00a0567,1', places: 2, want: { kind: 'valid', value: '1234567.10' } },
  ],
  ['a whole number', { text: '12', places: 2, want: { kind: 'valid', value: '12.00' } }],
  ['no places known', { text: '12,3', want: { kind: 'valid', value: '12.3' } }],
  ['a trailing comma', { text: '12,', want: { kind: 'valid', value: '12' } }],
  ['a leading comma', { text: ',5', places: 2, want: { kind: 'valid', value: '0.50' } }],
  ['a negative value', { text: '-0,5', places: 1, want: { kind: 'valid', value: '-0.5' } }],
  ['negative zero', { text: '-0', want: { kind: 'valid', value: '0' } }],
  ['leading zeros', { text: '007', want: { kind: 'valid', value: '7' } }],
  ['too many places kept', { text: '1,234', places: 2, want: { kind: 'valid', value: '1.234' } }],
  ['empty', { text: '  ', want: { kind: 'empty' } }],
  ['letters', { text: '12a', want: { kind: 'invalid', text: '12a' } }],
  ['two separators', { text: '1,2,3', want: { kind: 'invalid', text: '1,2,3' } }],
  ['a lone sign', { text: '-', want: { kind: 'invalid', text: '-' } }],
])('parseDecimalInput: %s', (_name, { text, places, want }) => {
  it('reads the text', () => {
    expect(parseDecimalInput(text, places)).toEqual(want);
  });
});

describe.each([
  ['cs', '"1234.50"', ','],
  ['en', '"1234.50"', '.'],
])('decimal display in %s', (locale, _wire, separator) => {
  it(`uses "${separator}"`, () => {
    expect(decimalSeparator(locale)).toBe(separator);
    expect(decimalToInput('1234.50', separator)).toBe(`1234${separator}50`);
    expect(decimalToInput(null, separator)).toBe('');
  });
});

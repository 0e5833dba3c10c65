import { describe, expect, it } from 'vitest';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { text } from '../../../i18n/text';
import type { FieldDefinition } from '../types';
import { codecFor } from '.';
import { formatDecimal } from './decimal';
import { formatDateTime } from './date';

// Codecs never touch the column; a placeholder keeps the declarations complete.
const column = {} as AnyPgColumn;
const label = text('Field', 'Pole');

const fields = {
  string: { type: 'string', column, label, maxLength: 5 },
  email: { type: 'email', column, label, normalize: (value: string) => value.toLowerCase() },
  integer: { type: 'integer', column, label, minValue: 0 },
  decimal: { type: 'decimal', column, label, maxDigits: 5, decimalPlaces: 2 },
  boolean: { type: 'boolean', column, label },
  date: { type: 'date', column, label },
  datetime: { type: 'datetime', column, label },
  choice: {
    type: 'choice',
    column,
    label,
    choices: [
      { value: 'a', label },
      { value: 'b', label },
    ],
  },
  multiple: {
    type: 'multiple choice',
    column,
    label,
    choices: [
      { value: 'x', label },
      { value: 'y', label },
    ],
  },
  reference: { type: 'field', column, label, reference: 'roles' },
  references: { type: 'list', column, label, child: { type: 'field', reference: 'roles' } },
} satisfies Record<string, FieldDefinition>;

type Case = [keyof typeof fields, unknown, { value: unknown } | { error: string }];

const cases: Case[] = [
  ['string', '  abc ', { value: 'abc' }],
  ['string', 42, { value: '42' }],
  ['string', '', { error: 'This field may not be blank.' }],
  ['string', true, { error: 'Not a valid string.' }],
  ['string', 'abcdef', { error: 'Ensure this field has no more than 5 characters.' }],
  ['email', 'Jan.Novak@Example.CZ', { value: 'jan.novak@example.cz' }],
  ['email', 'petr@dvořák.cz', { value: 'petr@dvořák.cz' }],
  ['email', 'no-at-sign', { error: 'Enter a valid email address.' }],
  ['email', 'two@@example.cz', { error: 'Enter a valid email address.' }],
  ['integer', 7, { value: 7 }],
  ['integer', '12', { value: 12 }],
  ['integer', '12.0', { value: 12 }],
  ['integer', 1.5, { error: 'A valid integer is required.' }],
  ['integer', true, { error: 'A valid integer is required.' }],
  ['integer', -1, { error: 'Ensure this value is greater than or equal to 0.' }],
  ['decimal', '1.5', { value: '1.5' }],
  ['decimal', 12.25, { value: '12.25' }],
  ['decimal', '-0.01', { value: '-0.01' }],
  ['decimal', '1e3', { error: 'A valid number is required.' }],
  ['decimal', 'NaN', { error: 'A valid number is required.' }],
  [
    'decimal',
    '1000.5',
    { error: 'Ensure that there are no more than 3 digits before the decimal point.' },
  ],
  ['boolean', 'yes', { value: true }],
  ['boolean', 0, { value: false }],
  ['boolean', 'maybe', { error: 'Must be a valid boolean.' }],
  ['date', '2024-02-29', { value: '2024-02-29' }],
  [
    'date',
    '2024-13-01',
    { error: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.' },
  ],
  [
    'date',
    '1.1.2024',
    { error: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.' },
  ],
  ['datetime', '2025-06-01T12:00:00+02:00', { value: new Date('2025-06-01T10:00:00Z') }],
  ['datetime', '2025-06-01 12:00', { value: new Date('2025-06-01T12:00:00Z') }],
  ['datetime', '2025-06-01T12:00:00.250Z', { value: new Date('2025-06-01T12:00:00.250Z') }],
  ['choice', 'a', { value: 'a' }],
  ['choice', 'c', { error: '"c" is not a valid choice.' }],
  ['multiple', ['y', 'x', 'y'], { value: ['x', 'y'] }],
  ['multiple', 'x', { error: 'Expected a list of items but got type "str".' }],
  ['multiple', ['z'], { error: '"z" is not a valid choice.' }],
  ['reference', 3, { value: 3 }],
  ['reference', '3', { value: 3 }],
  ['reference', 'three', { error: 'Incorrect type. Expected pk value, received str.' }],
  ['reference', {}, { error: 'Incorrect type. Expected pk value, received dict.' }],
  ['references', [3, 1, 3], { value: [1, 3] }],
  ['references', { id: 1 }, { error: 'Expected a list of items but got type "dict".' }],
];

describe('codec.fromJson', () => {
  it.each(cases)('%s %j → %j', (name, input, want) => {
    const field = fields[name] as FieldDefinition;
    const parsed = codecFor(field).fromJson(input, field);
    if ('value' in want) expect(parsed).toEqual({ ok: true, value: want.value });
    else expect(parsed.ok ? 'accepted' : parsed.errors[0]?.en).toBe(want.error);
  });
});

describe('serialization helpers', () => {
  it.each([
    ['1.5', 2, '1.50'],
    ['-0.5', 2, '-0.50'],
    ['12', 0, '12'],
    ['0012.345', 2, '12.34'],
    ['-0.001', 2, '0.00'],
  ])('formatDecimal(%s, %i) = %s', (value, places, expected) => {
    expect(formatDecimal(value, places)).toBe(expected);
  });

  it('formats date-times like DRF: UTC, Z, milliseconds only when set', () => {
    expect(formatDateTime(new Date('2025-01-02T03:04:05Z'))).toBe('2025-01-02T03:04:05Z');
    expect(formatDateTime(new Date('2025-01-02T03:04:05.120Z'))).toBe('2025-01-02T03:04:05.120Z');
  });
});

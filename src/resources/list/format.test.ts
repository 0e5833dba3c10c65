import { describe, expect, it } from 'vitest';
import type { FieldDescriptor } from '../descriptor';
import { cellFormatter, createFormatters } from './format';

const NBSP = '\u00a0';
const text = {
  yes: 'Ano',
  no: 'Ne',
  message: (id: string, fallback: string) => ({ 'choice.active': 'Aktivní' })[id] ?? fallback,
};

function field(
  kind: FieldDescriptor['kind'],
  extra: Partial<FieldDescriptor> = {},
): FieldDescriptor {
  return {
    name: 'f',
    kind,
    label: 'l',
    required: false,
    readOnly: false,
    nullable: true,
    ...extra,
  };
}

describe.each<[string, { locale: string; field: FieldDescriptor; value: unknown; want: string }]>([
  [
    'cs decimal with comma',
    {
      locale: 'cs',
      field: field('decimal', { decimalPlaces: 2 }),
      value: '1234.5',
      want: `1${NBSP}234,50`,
    },
  ],
  [
    'en decimal with point',
    {
      locale: 'en',
      field: field('decimal', { decimalPlaces: 2 }),
      value: '1234.50',
      want: '1,234.50',
    },
  ],
  [
    'decimal keeps every digit',
    {
      locale: 'en',
      field: field('decimal'),
      value: '12345678901234567.89',
      want: '12,345,678,901,234,567.89',
    },
  ],
  [
    'a malformed decimal as is',
    { locale: 'cs', field: field('decimal'), value: 'abc', want: 'abc' },
  ],
  ['cs date', { locale: 'cs', field: field('date'), value: '2025-03-05', want: '5. 3. 2025' }],
  ['en date', { locale: 'en', field: field('date'), value: '2025-03-05', want: '3/5/2025' }],
  // docs/product.md: one date-time per language, full year, no `dateStyle: 'short'` (`31.12.25`).
  [
    'cs date-time',
    {
      locale: 'cs',
      field: field('datetime'),
      value: new Date(2025, 11, 31, 0, 0).toISOString(),
      want: '31. 12. 2025 0:00',
    },
  ],
  [
    'en date-time',
    {
      locale: 'en-US',
      field: field('datetime'),
      value: new Date(2025, 11, 31, 13, 5).toISOString(),
      want: '12/31/2025, 1:05 PM',
    },
  ],
  ['a malformed date as is', { locale: 'cs', field: field('date'), value: '05/03', want: '05/03' }],
  ['boolean true', { locale: 'cs', field: field('boolean'), value: true, want: 'Ano' }],
  ['boolean false', { locale: 'cs', field: field('boolean'), value: false, want: 'Ne' }],
  ['null', { locale: 'cs', field: field('boolean'), value: null, want: '' }],
  [
    'a choice label',
    {
      locale: 'cs',
      field: field('choice', { choices: [{ value: 'active', label: 'choice.active' }] }),
      value: 'active',
      want: 'Aktivní',
    },
  ],
  [
    'an unknown choice',
    { locale: 'cs', field: field('choice', { choices: [] }), value: 'x', want: 'x' },
  ],
  ['a cs integer', { locale: 'cs', field: field('integer'), value: 12000, want: `12${NBSP}000` }],
  [
    'a list of strings',
    {
      locale: 'cs',
      field: field('list', { itemKind: 'string' }),
      value: ['a', '', 'b'],
      want: 'a, b',
    },
  ],
  ['an object', { locale: 'cs', field: field('object'), value: { a: 1 }, want: '' }],
  ['a string', { locale: 'cs', field: field('string'), value: 'Dvořák', want: 'Dvořák' }],
])('cellFormatter: %s', (_name, { locale, field: given, value, want }) => {
  it(`gives "${want}"`, () => {
    // ICU versions differ in the space before AM/PM (U+202F or a plain one).
    const got = cellFormatter(given, createFormatters(locale), text)(value);
    expect(got.replace(/\u202f/g, ' ')).toBe(want);
  });
});

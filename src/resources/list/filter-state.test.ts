import { describe, expect, it } from 'vitest';
import { descriptorsByName as generated } from '../../generated/descriptors';
import { contracts } from '../test-support/fixtures';
import {
  NO_FILTERS,
  activeFilterCount,
  filterSpecs,
  isPairValue,
  normalizeBound,
  setPair,
  type FilterPairs,
} from './filter-state';
import { formatPairs, parsePairs, type ParamPairs } from './list-query';

describe.each<[string, ParamPairs, string, string, ParamPairs]>([
  ['adds a key', {}, 'state', 'active', { state: 'active' }],
  ['replaces a key', { state: 'ended' }, 'state', 'active', { state: 'active' }],
  ['keeps other keys', { customer: '12' }, 'state', 'active', { customer: '12', state: 'active' }],
  ['trims the value', {}, 'state', ' active ', { state: 'active' }],
  ['removes on an empty value', { state: 'x', customer: '1' }, 'state', '', { customer: '1' }],
  ['removes on a blank value', { state: 'x' }, 'state', '  ', {}],
  ['refuses a comma', { state: 'x' }, 'state', 'a,b', { state: 'x' }],
  ['allows an equals sign', {}, 'note', 'a=b', { note: 'a=b' }],
])('setPair %s', (_name, pairs, key, value, want) => {
  it('gives the expected pairs and round-trips through the URL text', () => {
    const got = setPair(pairs, key, value);
    expect(got).toEqual(want);
    expect(parsePairs(formatPairs(got))).toEqual(want);
  });
});

describe.each<[string, boolean]>([
  ['active', true],
  ['2025-01-01', true],
  ['a=b', true],
  ['a,b', false],
])('isPairValue(%j)', (value, want) => {
  it(`is ${want}`, () => expect(isPairValue(value)).toBe(want));
});

describe.each<[string, FilterPairs, number]>([
  ['nothing', NO_FILTERS, 0],
  ['one exact filter', { ...NO_FILTERS, filter: { state: 'active' } }, 1],
  [
    'a range on one field counted once',
    { filter: {}, gte: { valid_from: '2025-01-01' }, lte: { valid_from: '2025-12-31' } },
    1,
  ],
  [
    'filters and bounds of different fields',
    { filter: { state: 'active', customer: '7' }, gte: { price: '10' }, lte: {} },
    3,
  ],
])('activeFilterCount of %s', (_name, state, want) => {
  it(`is ${want}`, () => expect(activeFilterCount(state)).toBe(want));
});

describe.each<[Parameters<typeof normalizeBound>[0], string, string | undefined]>([
  ['date', '2025-01-01', '2025-01-01'],
  ['date', '', ''],
  ['date', '1. 1. 2025', undefined],
  ['datetime', '2025-01-01T10:30', '2025-01-01T10:30'],
  ['datetime', '2025-01-01', '2025-01-01'],
  ['integer', ' 42 ', '42'],
  ['integer', '-3', '-3'],
  ['integer', '4.2', undefined],
  ['decimal', '12,5', '12.5'],
  ['decimal', '1 234,50', '1234.50'],
  ['decimal', '12.5', '12.5'],
  ['decimal', '1,2,3', undefined],
  ['decimal', 'abc', undefined],
  ['string', 'x', undefined],
])('normalizeBound(%s, %j)', (kind, text, want) => {
  it(`is ${String(want)}`, () => expect(normalizeBound(kind, text)).toBe(want));
});

describe('filterSpecs', () => {
  it('maps filter fields to controls by kind, skipping unknown and unfilterable fields', () => {
    const descriptor = {
      ...contracts,
      filterFields: ['state', 'customer', 'valid_from', 'price', 'is_active', 'products', 'nope'],
    };
    expect(filterSpecs(descriptor).map((spec) => [spec.field.name, spec.control])).toEqual([
      ['state', 'choice'],
      ['customer', 'reference'],
      ['valid_from', 'range'],
      ['price', 'range'],
      ['is_active', 'boolean'],
      ['products', 'reference'],
    ]);
  });

  it('filters a list by one of its items: choices by a choice, references by a reference', () => {
    const { users, roles } = generated;
    expect(filterSpecs(users!).map((spec) => [spec.field.name, spec.control])).toEqual([
      ['is_active', 'boolean'],
      ['roles', 'reference'],
    ]);
    expect(filterSpecs(roles!).map((spec) => [spec.field.name, spec.control])).toEqual([
      ['privileges', 'choice'],
    ]);
  });
});

describe('normalizeBound of a typed date-time (docs/product.md)', () => {
  it.each([
    ['2025-01-31 10:00', '2025-01-31T10:00'],
    ['2025-01-31T10:00', '2025-01-31T10:00'],
    ['2025-01-31', '2025-01-31'],
    ['31. 1. 2025', undefined],
  ])('%s → %s', (text, want) => expect(normalizeBound('datetime', text)).toBe(want));
});

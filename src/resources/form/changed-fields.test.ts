import { describe, expect, it } from 'vitest';
import { changedFields, jsonEqual } from './changed-fields';

type Case = {
  given: { initial: Record<string, unknown>; current: Record<string, unknown>; fields?: string[] };
  want: Record<string, unknown>;
};

describe.each<[string, Case]>([
  ['nothing changed', { given: { initial: { a: 1 }, current: { a: 1 } }, want: {} }],
  [
    'a changed scalar',
    { given: { initial: { a: 1, b: 'x' }, current: { a: 1, b: 'y' } }, want: { b: 'y' } },
  ],
  [
    'a dropped key becomes null',
    { given: { initial: { a: 'x' }, current: {} }, want: { a: null } },
  ],
  [
    'undefined equals null',
    { given: { initial: { a: null }, current: { a: undefined } }, want: {} },
  ],
  ['an emptied never-set field', { given: { initial: { a: null }, current: { a: '' } }, want: {} }],
  ['an emptied field', { given: { initial: { a: 'x' }, current: { a: '' } }, want: { a: '' } }],
  ['a new key', { given: { initial: {}, current: { a: false } }, want: { a: false } }],
  ['equal arrays', { given: { initial: { r: [1, 2] }, current: { r: [1, 2] } }, want: {} }],
  [
    'reordered arrays',
    { given: { initial: { r: [1, 2] }, current: { r: [2, 1] } }, want: { r: [2, 1] } },
  ],
  [
    'nested objects',
    {
      given: { initial: { o: { x: 1, y: [1] } }, current: { o: { x: 1, y: [1, 2] } } },
      want: { o: { x: 1, y: [1, 2] } },
    },
  ],
  [
    'only the listed fields',
    {
      given: { initial: { a: 1, id: 3 }, current: { a: 2, id: 4 }, fields: ['a'] },
      want: { a: 2 },
    },
  ],
])('changedFields: %s', (_name, { given, want }) => {
  it('lists the changes', () => {
    expect(changedFields(given.initial, given.current, given.fields)).toEqual(want);
  });
});

describe.each<[unknown, unknown, boolean]>([
  [1, 1, true],
  ['1', 1, false],
  [null, {}, false],
  [[], {}, false],
  [{ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }, true],
  [NaN, NaN, true],
])('jsonEqual(%j, %j)', (a, b, want) => {
  it(`is ${want}`, () => {
    expect(jsonEqual(a, b)).toBe(want);
  });
});

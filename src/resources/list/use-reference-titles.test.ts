import { describe, expect, it } from 'vitest';
import { contracts } from '../test-support/fixtures';
import { collectReferenceIds, referenceIds } from './use-reference-titles';

describe.each<[string, unknown, string[]]>([
  ['an id', 7, ['7']],
  ['a string id', 'a1', ['a1']],
  ['null', null, []],
  ['an empty string', '', []],
  ['a list of ids', [1, 2], ['1', '2']],
  ['nested rows', [{ id: 3, name: 'x' }, { id: 4 }], ['3', '4']],
])('referenceIds of %s', (_name, given, want) => {
  it('finds the ids', () => expect(referenceIds(given)).toEqual(want));
});

describe('collectReferenceIds', () => {
  it('gives distinct sorted ids per referenced resource', () => {
    const rows = [
      { customer: 9, products: [2, 1] },
      { customer: 10, products: [1] },
      { customer: 9, products: [] },
    ];
    expect(Object.fromEntries(collectReferenceIds(contracts.fields, rows))).toEqual({
      customers: ['10', '9'],
      products: ['1', '2'],
    });
  });

  it('leaves out resources without ids on the page', () => {
    expect(collectReferenceIds(contracts.fields, [{ customer: null }]).size).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { contracts, customers } from '../test-support/fixtures';
import { fakeRequest } from '../test-support/render';
import {
  collectReferenceIds,
  embeddedTitles,
  fetchTitles,
  referenceIds,
} from './use-reference-titles';

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

describe('embedded titles (Joule)', () => {
  const fields = [
    { ...contracts.fields.find((f) => f.name === 'customer')!, titleField: 'customer_title' },
    { ...contracts.fields.find((f) => f.name === 'products')!, titleField: 'products_titles' },
  ];
  const rows = [
    { customer: 9, customer_title: 'K-9 Firma', products: [2, 1], products_titles: ['B', 'A'] },
    { customer: 10, customer_title: null, products: [], products_titles: [] },
  ];

  it('reads the titles the server embedded, pairing lists by position', () => {
    expect(embeddedTitles(fields, rows)).toEqual({
      customers: { '9': 'K-9 Firma', '10': '#10' },
      products: { '2': 'B', '1': 'A' },
    });
  });

  it('leaves such references out of what is fetched', () => {
    expect(collectReferenceIds(fields, rows).size).toBe(0);
  });
});

describe('fetchTitles', () => {
  const target = { ...customers, operations: { ...customers.operations, titles: true } };

  it('asks the title lookup once for all ids when the API publishes it', async () => {
    const { request, calls } = fakeRequest(() => ({
      data: { count: 1, next: null, previous: null, results: [{ id: 7, title: 'Jan Novák' }] },
    }));
    const ids = Array.from({ length: 40 }, (_, i) => String(i + 1));
    const titles = await fetchTitles(new QueryClient(), request, target, ids);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/customers/titles/');
    expect(calls[0]?.options.query).toEqual({ ids: ids.join(','), page_size: 40 });
    expect(titles['7']).toBe('Jan Novák');
    expect(titles['8']).toBe('#8');
  });
});

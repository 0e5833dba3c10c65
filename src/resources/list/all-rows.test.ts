import { describe, expect, it } from 'vitest';
import { contracts } from '../test-support/fixtures';
import { fakeRequest, type Call } from '../test-support/render';
import { fetchAllRows, fetchRelatedRows } from './all-rows';
import { DEFAULT_LIST_STATE } from './list-query';

/** A list of `count` rows, paged as DRF pages it. */
function server(count: number) {
  return ({ options }: Call) => {
    const page = Number(options.query?.page);
    const size = Number(options.query?.page_size);
    const rows = Array.from({ length: count }, (_, i) => ({ id: i + 1 })).slice(
      (page - 1) * size,
      page * size,
    );
    return { data: { count, results: rows } };
  };
}

describe('fetchAllRows', () => {
  it('reads every page of the query at page_size 9999, whatever page the list shows', async () => {
    const { request, calls } = fakeRequest(server(10_500));
    const state = {
      ...DEFAULT_LIST_STATE,
      page: 3,
      pageSize: 25,
      search: 'Novák',
      sort: [{ id: 'price', desc: true }],
      filter: { state: 'active' },
    };
    const rows = await fetchAllRows(request, contracts, state);
    expect(rows).toHaveLength(10_500);
    expect(rows.at(-1)).toEqual({ id: 10_500 });
    const query = { page_size: 9999, search: 'Novák', sort: '-price', filter: 'state=active' };
    expect(calls.map((c) => c.options.query)).toEqual([
      expect.objectContaining({ ...query, page: 1 }),
      expect.objectContaining({ ...query, page: 2 }),
    ]);
  });

  it('stops at a short page even when the count is larger', async () => {
    const { request, calls } = fakeRequest(() => ({ data: { count: 50, results: [{ id: 1 }] } }));
    expect(await fetchAllRows(request, contracts, DEFAULT_LIST_STATE)).toEqual([{ id: 1 }]);
    expect(calls).toHaveLength(1);
  });
});

describe('fetchRelatedRows', () => {
  it('reads all rows of the parent, filtered on its reference, in the default order', async () => {
    const { request, calls } = fakeRequest(server(3));
    const rows = await fetchRelatedRows(request, contracts, 'customer', 7);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe(contracts.path);
    expect(calls[0]!.options.query).toEqual({ page: 1, page_size: 9999, filter: 'customer=7' });
  });
});

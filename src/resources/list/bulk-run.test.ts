import { describe, expect, it } from 'vitest';
import { apiError, fakeRequest } from '../test-support/render';
import { customers } from '../test-support/fixtures';
import { bulkFilter, runBulkAction } from './bulk-run';
import { DEFAULT_LIST_STATE } from './list-query';
import { NO_SELECTION, setRows } from './selection';

const rows = [
  { id: 1, first_name: 'Jan', last_name: 'Novák' },
  { id: 2, first_name: 'Eva', last_name: 'Dvořáková' },
  { id: 3, first_name: 'Petr', last_name: 'Svoboda' },
];
const picked = setRows(NO_SELECTION, rows, 'id', true);
const withEndpoint = {
  ...customers,
  operations: { ...customers.operations, extraActions: ['bulk_delete'] },
};
const state = { ...DEFAULT_LIST_STATE, page: 3, search: 'nov', filter: { type: 'company' } };

describe('runBulkAction', () => {
  it('deletes row by row on a back-end without the bulk endpoint, naming the refused rows', async () => {
    const { request, calls } = fakeRequest(({ path }) => {
      if (path === '/customers/2/') apiError(400, { detail: 'Customer has contracts.' });
      return { data: null, status: 204 };
    });
    const result = await runBulkAction({
      request,
      descriptor: customers,
      action: 'delete',
      selection: picked,
      state,
      fallbackReason: 'x',
    });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /customers/1/',
      'DELETE /customers/2/',
      'DELETE /customers/3/',
    ]);
    expect(result).toEqual({
      action: 'delete',
      count: 3,
      succeeded: [1, 3],
      failed: [{ id: 2, title: 'Eva Dvořáková', reason: 'Customer has contracts.' }],
    });
  });

  it('sends the ids, or the list’s query for "all matching", to the bulk endpoint', async () => {
    const answer = { action: 'delete', count: 3, succeeded: [1, 2, 3], failed: [] };
    const { request, calls } = fakeRequest(() => ({ data: answer }));
    const options = {
      request,
      descriptor: withEndpoint,
      action: 'delete',
      state,
      fallbackReason: 'x',
    };
    expect(await runBulkAction({ ...options, selection: picked })).toEqual(answer);
    await runBulkAction({ ...options, selection: { kind: 'matching', count: 40 } });
    expect(calls.map((call) => [call.method, call.path, call.options.body])).toEqual([
      ['POST', '/customers/bulk/delete/', { ids: [1, 2, 3] }],
      ['POST', '/customers/bulk/delete/', { filter: { search: 'nov', filter: 'type=company' } }],
    ]);
  });
});

describe('bulkFilter', () => {
  it('is the list’s query without its paging', () => {
    expect(
      bulkFilter({
        ...state,
        sort: [{ id: 'last_name', desc: true }],
        params: { is_active: 'true' },
      }),
    ).toEqual({ search: 'nov', sort: '-last_name', filter: 'type=company', is_active: 'true' });
  });
});

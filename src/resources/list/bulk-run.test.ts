import { describe, expect, it } from 'vitest';
import { apiError, fakeRequest } from '../test-support/render';
import { customers } from '../test-support/fixtures';
import { BULK_CHUNK_ROWS, bulkFilter, runBulkAction, type BulkProgress } from './bulk-run';
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

describe('runBulkAction on a large selection', () => {
  const many = Array.from({ length: 2 * BULK_CHUNK_ROWS + 50 }, (_, i) => ({
    id: i + 1,
    first_name: 'Jan',
    last_name: `Novák ${i + 1}`,
  }));
  /** The bulk endpoint: refuses id 7, does the rest. */
  const endpoint = () =>
    fakeRequest(({ method, options }) => {
      if (method === 'GET') return { data: { count: many.length, results: many } };
      const ids = (options.body as { ids: number[] }).ids;
      return {
        data: {
          action: 'delete',
          count: ids.length,
          succeeded: ids.filter((id) => id !== 7),
          failed: ids.includes(7) ? [{ id: 7, title: 'Jan Novák 7', reason: 'No.' }] : [],
        },
      };
    });
  const base = { descriptor: withEndpoint, action: 'delete', state, fallbackReason: 'x' };

  it('sends the ids in requests of BULK_CHUNK_ROWS, reporting progress after each', async () => {
    const { request, calls } = endpoint();
    const progress: BulkProgress[] = [];
    const result = await runBulkAction({
      ...base,
      request,
      selection: setRows(NO_SELECTION, many, 'id', true),
      onProgress: (step) => progress.push(step),
    });
    expect(calls.map((call) => (call.options.body as { ids: number[] }).ids.length)).toEqual([
      BULK_CHUNK_ROWS,
      BULK_CHUNK_ROWS,
      50,
    ]);
    expect(progress).toEqual([
      { done: BULK_CHUNK_ROWS, count: many.length },
      { done: 2 * BULK_CHUNK_ROWS, count: many.length },
      { done: many.length, count: many.length },
    ]);
    expect(result.count).toBe(many.length);
    expect(result.succeeded).toHaveLength(many.length - 1);
    expect(result.failed).toEqual([{ id: 7, title: 'Jan Novák 7', reason: 'No.' }]);
    expect(result.stopped).toBeUndefined();
  });

  it('reads the ids of "all matching" first, then sends them in chunks', async () => {
    const { request, calls } = endpoint();
    await runBulkAction({ ...base, request, selection: { kind: 'matching', count: many.length } });
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST', 'POST', 'POST']);
    expect(calls[0]!.options.query).toMatchObject({ search: 'nov', filter: 'type=company' });
    expect((calls[1]!.options.body as { ids: number[] }).ids.slice(0, 2)).toEqual([1, 2]);
  });

  it('stops between two requests when asked, saying so', async () => {
    const { request, calls } = endpoint();
    const stop = new AbortController();
    const result = await runBulkAction({
      ...base,
      request,
      selection: setRows(NO_SELECTION, many, 'id', true),
      signal: stop.signal,
      onProgress: () => stop.abort(),
    });
    expect(calls).toHaveLength(1);
    expect(result).toMatchObject({ count: many.length, stopped: true });
    expect(result.succeeded).toHaveLength(BULK_CHUNK_ROWS - 1);
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

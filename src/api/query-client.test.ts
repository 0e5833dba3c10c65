import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './errors';
import { createQueryClient } from './query-client';

describe('createQueryClient retry policy', () => {
  const retry = createQueryClient().getDefaultOptions().queries?.retry;
  if (typeof retry !== 'function') throw new Error('retry must be a function');

  it.each<[string, { error: unknown; failures: number; want: boolean }]>([
    ['404 is final', { error: new ApiError(404, null), failures: 0, want: false }],
    ['403 is final', { error: new ApiError(403, null), failures: 0, want: false }],
    ['500 is retried', { error: new ApiError(500, null), failures: 0, want: true }],
    [
      'offline is retried',
      { error: new NetworkError(new TypeError('x')), failures: 1, want: true },
    ],
    ['at most twice', { error: new ApiError(503, null), failures: 2, want: false }],
  ])('%s', (_name, { error, failures, want }) => {
    expect(retry(failures, error as Error)).toBe(want);
  });

  it('never retries mutations', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });
});

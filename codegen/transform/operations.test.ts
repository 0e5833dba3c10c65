import { describe, expect, it } from 'vitest';
import { parseOpenApi } from '../parse/openapi';
import { operationIds, resourceOperations } from './operations';

const doc = parseOpenApi({
  paths: {
    '/roles/': { get: { operationId: 'roles_list' }, post: { operationId: 'roles_create' } },
    '/roles/{id}/': {
      get: { operationId: 'roles_retrieve' },
      put: { operationId: 'roles_update' },
    },
    '/readings/': { get: { operationId: 'readings_list' } },
    '/readings/{id}/': {
      patch: { operationId: 'readings_partial_update' },
      delete: { operationId: 'readings_destroy' },
    },
    '/readings/{id}/history/': { get: { operationId: 'readings_history' } },
    '/readings/titles/': { get: { operationId: 'readings_titles' } },
    '/readings/bulk/': { post: { operationId: 'readings_bulk_create' } },
    '/readings/{id}/consumption/': { get: { operationId: 'readings_consumption' } },
    '/readings_archive/': { get: { operationId: 'readingsarchive_list' } },
  },
});

describe.each([
  [
    'roles',
    {
      list: true,
      create: true,
      retrieve: true,
      update: false,
      destroy: false,
      history: false,
      titles: false,
    },
  ],
  [
    'readings',
    {
      list: true,
      create: false,
      retrieve: false,
      update: true,
      destroy: true,
      history: true,
      titles: true,
      extraActions: ['bulk_create', 'consumption'],
    },
  ],
  [
    'nothing',
    {
      list: false,
      create: false,
      retrieve: false,
      update: false,
      destroy: false,
      history: false,
      titles: false,
    },
  ],
])('%s', (prefix, want) => {
  it('finds operations by id (update means PATCH; history is the audit log; titles the lookup; others are extra actions)', () => {
    expect(resourceOperations(prefix, operationIds(doc))).toEqual(want);
  });
});

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
  },
});

describe.each([
  ['roles', { list: true, create: true, retrieve: true, update: false, destroy: false }],
  ['readings', { list: true, create: false, retrieve: false, update: true, destroy: true }],
  ['nothing', { list: false, create: false, retrieve: false, update: false, destroy: false }],
])('%s', (prefix, want) => {
  it('finds operations by id (update means PATCH)', () => {
    expect(resourceOperations(prefix, operationIds(doc))).toEqual(want);
  });
});

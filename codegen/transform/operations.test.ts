import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOpenApi } from '../parse/openapi';
import { dryRunOperationIds, operationIds, resourceOperations } from './operations';

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

describe('a dry run (Joule `validate` query parameter)', () => {
  const published = parseOpenApi({
    paths: {
      '/roles/': {
        get: { operationId: 'roles_list' },
        post: {
          operationId: 'roles_create',
          parameters: [{ name: 'validate', in: 'query', schema: { type: 'integer' } }],
        },
      },
      '/roles/{id}/': {
        patch: {
          operationId: 'roles_partial_update',
          parameters: [
            { name: 'id', in: 'path' },
            { name: 'validate', in: 'query' },
          ],
        },
      },
      '/users/': {
        post: { operationId: 'users_create', parameters: [{ name: 'validate', in: 'path' }] },
      },
    },
  });

  it('is found on the operations that publish it, as a query parameter only', () => {
    expect([...dryRunOperationIds(published)].sort()).toEqual([
      'roles_create',
      'roles_partial_update',
    ]);
  });

  it.each([
    ['roles', { create: true, update: true }],
    ['users', undefined],
  ])('%s: dryRun %j', (prefix, want) => {
    const operations = resourceOperations(
      prefix,
      operationIds(published),
      dryRunOperationIds(published),
    );
    expect(operations.dryRun).toEqual(want);
  });

  it('is absent from a plain DRF document', () => {
    expect(
      resourceOperations('roles', operationIds(doc), dryRunOperationIds(doc)),
    ).not.toHaveProperty('dryRun');
  });
});

describe('Joule’s published document (schema/openapi.json)', () => {
  const published = parseOpenApi(
    JSON.parse(readFileSync(resolve(import.meta.dirname, '../../schema/openapi.json'), 'utf8')),
  );

  // A hyphenated resource's own endpoints are extra actions as well as a plain one's
  // (docs/api.md "OpenAPI document"): the run panel and the statement import rely on it.
  it.each([
    ['billing-runs', ['cancel', 'progress']],
    ['incoming-payments', ['assign', 'import']],
    ['invoices', ['cancel', 'issue', 'lines', 'pdf']],
  ])('lists %s’ own endpoints among its extra actions', (prefix, actions) => {
    expect(resourceOperations(prefix, operationIds(published)).extraActions).toEqual(
      expect.arrayContaining(actions),
    );
  });
});

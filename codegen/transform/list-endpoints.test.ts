import { describe, expect, it } from 'vitest';
import { parseOpenApi } from '../parse/openapi';
import { apiBasePath, findListEndpoints } from './list-endpoints';

const item = { type: 'object', properties: { id: { type: 'integer' } } };
const paginated = (name: string) => ({
  type: 'object',
  required: ['count', 'results'],
  properties: {
    count: { type: 'integer' },
    results: { type: 'array', items: { $ref: `#/components/schemas/${name}` } },
  },
});
const list = (operationId: string, ref: string) => ({
  get: {
    operationId,
    responses: {
      '200': {
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
      },
    },
  },
});

describe('findListEndpoints', () => {
  const doc = parseOpenApi({
    paths: {
      '/api/v1/users/': list('users_list', 'PaginatedUserList'),
      '/api/v1/customers/': list('customers_list', 'PaginatedCustomerList'),
      '/api/v1/customers/{id}/': { get: { operationId: 'customers_retrieve' } },
      '/api/v1/tariffdevices/{id}/measurements/': list(
        'tariffdevices_measurements_list',
        'PaginatedCustomerList',
      ),
      '/api/v1/plain/': {
        get: {
          operationId: 'plain_list',
          responses: {
            '200': {
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/User' } },
                },
              },
            },
          },
        },
      },
      '/api/v1/schema/': { get: { operationId: 'schema_retrieve' } },
      '/api/v1/odd/': { get: { operationId: 'odd_list' } },
    },
    components: {
      schemas: {
        Customer: item,
        User: item,
        PaginatedCustomerList: paginated('Customer'),
        PaginatedUserList: paginated('User'),
      },
    },
  });
  const endpoints = findListEndpoints(doc);

  it('takes collection paths with a _list GET, sorted by name', () => {
    expect(endpoints.map((e) => e.name)).toEqual(['customers', 'odd', 'plain', 'users']);
  });

  it('finds items of paginated and plain lists, and tolerates none', () => {
    const by = Object.fromEntries(endpoints.map((e) => [e.name, e]));
    expect(by.customers).toMatchObject({
      path: '/customers/',
      documentPath: '/api/v1/customers/',
      operationPrefix: 'customers',
      itemComponent: 'Customer',
    });
    expect(by.customers?.itemSchema.properties?.has('id')).toBe(true);
    expect(by.plain?.itemComponent).toBe('User');
    expect(by.odd?.itemSchema.properties).toBeUndefined();
  });
});

const paths = (...p: string[]) => Object.fromEntries(p.map((path) => [path, {}]));

describe.each<[string, { given: Record<string, unknown>; want: string }]>([
  [
    'drf-spectacular keeps the prefix',
    {
      given: { paths: paths('/api/v1/customers/', '/api/v1/schema/', '/api/v1/auth/jwt/create/') },
      want: '/api/v1',
    },
  ],
  ['no prefix', { given: { paths: paths('/customers/', '/schema/') }, want: '' }],
  [
    'never a path’s own last segment',
    { given: { paths: paths('/api/v1/customers/', '/api/v1/customers/{id}/') }, want: '/api/v1' },
  ],
  [
    'servers[0].url path when all paths have it',
    {
      given: { servers: [{ url: 'https://x.test/api/v2' }], paths: paths('/api/v2/a/') },
      want: '/api/v2',
    },
  ],
  [
    'servers path ignored when paths lack it',
    { given: { servers: [{ url: '/api/v1' }], paths: paths('/a/', '/b/') }, want: '' },
  ],
  ['no paths', { given: {}, want: '' }],
])('apiBasePath: %s', (_name, { given, want }) => {
  it(`is "${want}"`, () => expect(apiBasePath(parseOpenApi(given))).toBe(want));
});

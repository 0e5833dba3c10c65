import { describe, expect, it } from 'vitest';
import { parseOpenApi, parseSchemaObject } from './openapi';

describe.each<[string, unknown]>([
  ['null', null],
  ['a string', 'openapi'],
  ['an array', []],
  ['paths of the wrong type', { paths: [1, 2], components: 'x' }],
  ['operations of the wrong type', { paths: { '/a/': { get: 'x', post: null } } }],
  [
    'parameters of the wrong type',
    { paths: { '/a/': { get: { operationId: 3, parameters: [null, 'x', { name: 1 }] } } } },
  ],
])('parseOpenApi(%s)', (_name, raw) => {
  it('degrades, never throws', () => {
    const doc = parseOpenApi(raw);
    expect(doc.schemas.size).toBe(0);
    for (const ops of doc.paths.values())
      for (const op of ops.values()) expect(op.parameters).toEqual([]);
  });
});

describe('parseOpenApi', () => {
  const doc = parseOpenApi({
    servers: [{ url: 'http://localhost:8000/api/v1/' }],
    paths: {
      '/customers/': {
        get: {
          operationId: 'customers_list',
          'x-privilege': 'CUSTOMERS',
          'x-search-fields': ['name', 3],
          'x-sort-fields': ['name'],
          parameters: [{ $ref: '#/components/parameters/Search' }, { name: 'page', in: 'query' }],
        },
      },
    },
    components: { parameters: { Search: { name: 'search', in: 'query' } } },
  });
  const op = doc.paths.get('/customers/')?.get('get');

  it('reads Joule extensions', () => {
    expect(op).toMatchObject({
      privilege: 'CUSTOMERS',
      searchFields: ['name'],
      sortFields: ['name'],
    });
    expect(op?.filterFields).toBeUndefined();
  });

  it('resolves shared parameters', () => {
    expect(op?.parameters.map((p) => p.name)).toEqual(['search', 'page']);
  });

  it('keeps the server path', () => {
    expect(doc.serverPath).toBe('/api/v1');
  });
});

describe('parseSchemaObject', () => {
  it('reads x-reference-filter as a map of names, ignoring a malformed one', () => {
    const filter = { customer: 'customer' };
    expect(parseSchemaObject({ 'x-reference-filter': filter }).referenceFilter).toEqual(filter);
    for (const odd of [{ customer: 7 }, { 'a=b': 'c' }, {}, ['customer'], 'customer']) {
      expect(parseSchemaObject({ 'x-reference-filter': odd }).referenceFilter).toBeUndefined();
    }
  });

  it('keeps property order and drops odd enum members', () => {
    const s = parseSchemaObject({ properties: { b: {}, a: {} }, enum: ['x', { y: 1 }, null, 2] });
    expect([...(s.properties?.keys() ?? [])]).toEqual(['b', 'a']);
    expect(s.enum).toEqual(['x', null, 2]);
  });

  it('stops at absurd nesting', () => {
    let raw: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 100; i++) raw = { type: 'array', items: raw };
    expect(() => parseSchemaObject(raw)).not.toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { fieldModel } from '../test-support/builders';
import { namedActions, parseSchemaObject, type OperationObject } from '../parse/openapi';
import type { ListEndpoint } from './list-endpoints';
import {
  bulkActions,
  idField,
  parentField,
  serverListFields,
  listParams,
  serverTitleCases,
  serverTitleFields,
  withEmbeddedTitles,
  type ResourceContext,
} from './resource';

describe.each([
  ['id present', [fieldModel({ name: 'code' }), fieldModel({ name: 'id', kind: 'integer' })], 'id'],
  [
    'first read-only integer',
    [fieldModel({ name: 'code' }), fieldModel({ name: 'pk', kind: 'integer', readOnly: true })],
    'pk',
  ],
  ['else the first field', [fieldModel({ name: 'code' })], 'code'],
  ['no fields', [], 'id'],
])('idField: %s', (_name, fields, want) => {
  it(`is ${want}`, () => expect(idField(fields)).toBe(want));
});

const listOp = (parent?: string): OperationObject => ({
  method: 'get',
  parameters: [],
  ...(parent !== undefined && { parent }),
});
const addressFields = [
  fieldModel({ name: 'id', kind: 'integer' }),
  fieldModel({ name: 'customer', kind: 'reference', reference: 'customers' }),
  fieldModel({ name: 'street' }),
];

describe.each([
  ['x-parent names a reference field', listOp('customer'), 'customer'],
  ['no x-parent (plain DRF)', listOp(), null],
  ['x-parent names a plain field', listOp('street'), null],
  ['x-parent names no field', listOp('owner'), null],
])('parentField: %s', (_name, list, want) => {
  it(`is ${String(want)}`, () => expect(parentField(list, addressFields)).toBe(want));
});

describe.each([
  ['x-title-fields naming fields', ['street', 'id'], ['street', 'id']],
  ['none (plain DRF)', undefined, undefined],
  ['empty', [], undefined],
  ['naming an unknown field', ['street', 'town'], undefined],
])('serverTitleFields: %s', (_name, titleFields, want) => {
  it(`is ${String(want)}`, () => {
    const list = { ...listOp(), ...(titleFields !== undefined && { titleFields }) };
    expect(serverTitleFields(list, addressFields)).toEqual(want);
  });
});

describe('listParams', () => {
  it('keeps a list’s own query parameters, not the common ones', () => {
    const parameters = ['page', 'search', 'is_active', 'hasPrivileges', 'ordering'].map((name) => ({
      name,
      in: 'query',
    }));
    expect(listParams({ ...listOp(), parameters })).toEqual({
      listParams: ['hasPrivileges', 'is_active'],
    });
    expect(listParams(listOp())).toEqual({});
  });
});

describe('serverTitleCases', () => {
  const fields = [
    ...addressFields,
    fieldModel({ name: 'type', kind: 'choice' }),
    fieldModel({ name: 'city' }),
  ];
  const cases = { a: ['street', { field: 'city', separator: ', ' }], b: ['city'] };
  it.each([
    ['well formed', { field: 'type', cases }, { titleCases: { field: 'type', cases } }],
    ['none (plain DRF)', undefined, {}],
    ['not a choice field', { field: 'street', cases }, {}],
    ['an unknown part', { field: 'type', cases: { a: ['town'] } }, {}],
    ['a part without separator', { field: 'type', cases: { a: [{ field: 'city' }] } }, {}],
  ])('%s', (_name, titleCases, want) => {
    const list = { ...listOp(), ...(titleCases !== undefined && { titleCases }) };
    expect(serverTitleCases(list, fields)).toEqual(want);
  });
});

describe.each([
  ['x-list-fields naming fields, in its order', ['street', 'customer'], ['street', 'customer']],
  ['the id is left out (offered hidden)', ['id', 'street'], ['street']],
  ['none (plain DRF)', undefined, undefined],
  ['empty', [], undefined],
  ['naming an unknown field', ['street', 'town'], undefined],
])('serverListFields (docs/product.md): %s', (_name, listFields, want) => {
  it(`is ${String(want)}`, () => {
    const list = { ...listOp(), ...(listFields !== undefined && { listFields }) };
    expect(serverListFields(list, addressFields)).toEqual(want);
  });
});

describe('withEmbeddedTitles', () => {
  const fields = [
    ...addressFields,
    fieldModel({ name: 'customer_title', readOnly: true }),
    fieldModel({ name: 'street_title', readOnly: true }),
  ];
  const properties = new Map([
    [
      'customer_title',
      parseSchemaObject({ type: 'string', readOnly: true, 'x-title-of': 'customer' }),
    ],
    ['street_title', parseSchemaObject({ type: 'string', readOnly: true, 'x-title-of': 'street' })],
  ]);

  it('drops the embedded title and names it on its reference', () => {
    const result = withEmbeddedTitles(fields, properties);
    expect(result.map((f) => f.name)).toEqual(['id', 'customer', 'street', 'street_title']);
    expect(result.find((f) => f.name === 'customer')?.titleField).toBe('customer_title');
    // x-title-of naming a plain field is ignored: the property stays an ordinary field.
    expect(result.find((f) => f.name === 'street')?.titleField).toBeUndefined();
  });

  it('changes nothing without x-title-of (plain DRF)', () => {
    expect(withEmbeddedTitles(addressFields, undefined)).toEqual(addressFields);
  });
});

describe.each([
  [
    'declared and published',
    [{ name: 'deactivate', label: 'Deactivate' }],
    ['users_bulk_deactivate'],
    { bulkActions: [{ name: 'deactivate', label: 'resource.users.bulk.deactivate' }] },
  ],
  ['declared, operation missing', [{ name: 'deactivate', label: 'Deactivate' }], [], {}],
  ['none (plain DRF)', undefined, [], {}],
])('bulkActions: %s', (_name, declared, ids, want) => {
  it('carries the published ones with their message ids', () => {
    const endpoint = {
      name: 'users',
      path: '/users/',
      operationPrefix: 'users',
      list: { ...listOp(), ...(declared !== undefined && { bulkActions: declared }) },
      itemSchema: parseSchemaObject({}),
    } as unknown as ListEndpoint;
    const ctx = { operationIds: new Set(ids) } as unknown as ResourceContext;
    expect(bulkActions(endpoint, ctx)).toEqual(want);
  });
});

describe('namedActions', () => {
  it('keeps well-formed {name, label} entries only', () => {
    expect(
      namedActions([
        { name: 'issue', label: 'Issue' },
        { name: 'Bad-Name', label: 'x' },
        { name: 'send' },
        'cancel',
      ]),
    ).toEqual([{ name: 'issue', label: 'Issue' }]);
    expect(namedActions(undefined)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { FieldKind } from '../descriptor-types';
import type { OperationObject } from '../parse/openapi';
import { fieldModel } from '../test-support/builders';
import { filterFields, searchable, sortFields } from './list-capabilities';

const fields = (
  [
    ['id', 'integer'],
    ['name', 'string'],
    ['note', 'text'],
    ['state', 'choice'],
    ['active', 'boolean'],
    ['customer', 'reference'],
    ['valid_from', 'date'],
    ['created', 'datetime'],
    ['price', 'decimal'],
    ['roles', 'list'],
  ] as [string, FieldKind][]
).map(([name, kind]) => fieldModel({ name, kind }));
const secret = fieldModel({ name: 'password', writeOnly: true });
const op = (extra: Partial<OperationObject> = {}): OperationObject => ({
  method: 'get',
  parameters: [],
  ...extra,
});

describe.each<
  [string, { list: OperationObject; sort: string[]; filter: string[]; search: boolean }]
>([
  [
    'DRF: guessed from kinds, search parameter',
    {
      list: op({
        parameters: [
          { name: 'search', in: 'query' },
          { name: 'page', in: 'query' },
        ],
      }),
      sort: ['id', 'name', 'state', 'active', 'customer', 'valid_from', 'created', 'price'],
      filter: ['state', 'active', 'customer', 'valid_from', 'price'],
      search: true,
    },
  ],
  [
    'Joule extensions win',
    {
      list: op({ sortFields: ['name'], filterFields: ['state'], searchFields: ['name'] }),
      sort: ['name'],
      filter: ['state'],
      search: true,
    },
  ],
  [
    'empty x-search-fields: not searchable, even with the parameter',
    {
      list: op({ searchFields: [], parameters: [{ name: 'search', in: 'query' }] }),
      sort: ['id', 'name', 'state', 'active', 'customer', 'valid_from', 'created', 'price'],
      filter: ['state', 'active', 'customer', 'valid_from', 'price'],
      search: false,
    },
  ],
  [
    'no search parameter',
    {
      list: op({ parameters: [{ name: 'search', in: 'path' }] }),
      sort: ['id', 'name', 'state', 'active', 'customer', 'valid_from', 'created', 'price'],
      filter: ['state', 'active', 'customer', 'valid_from', 'price'],
      search: false,
    },
  ],
])('%s', (_name, { list, sort, filter, search }) => {
  const all = [...fields, secret];
  it('sort fields', () => expect(sortFields(list, all)).toEqual(sort));
  it('filter fields', () => expect(filterFields(list, all, 'id')).toEqual(filter));
  it('searchable', () => expect(searchable(list)).toBe(search));
});

import { describe, expect, it } from 'vitest';
import type { FieldKind } from '../descriptor-types';
import { fieldModel } from '../test-support/builders';
import { columns } from './columns';

const f = (
  name: string,
  kind: FieldKind = 'string',
  extra: { writeOnly?: boolean; readOnly?: boolean; itemKind?: FieldKind } = {},
) => fieldModel({ name, kind, ...extra });

describe.each<[string, { fields: ReturnType<typeof f>[]; title: string[]; want: string[] }]>([
  [
    'title fields first, then scalars in order',
    {
      fields: [
        f('id', 'integer'),
        f('state', 'choice'),
        f('contract_no'),
        f('customer', 'reference'),
      ],
      title: ['contract_no'],
      want: ['contract_no', 'state', 'customer'],
    },
  ],
  [
    'the id never, not even as the only title field (docs/product.md)',
    {
      fields: [f('id', 'integer'), f('contract', 'reference'), f('amount', 'decimal')],
      title: ['id'],
      want: ['contract', 'amount'],
    },
  ],
  [
    'no text, objects, lists of plain values or write-only fields',
    {
      fields: [
        f('name'),
        f('note', 'text'),
        f('address', 'object'),
        f('tags', 'list', { itemKind: 'string' }),
        f('password', 'string', { writeOnly: true }),
        f('active', 'boolean'),
      ],
      title: ['name'],
      want: ['name', 'active'],
    },
  ],
  [
    'lists of references and of choices are joined in a cell',
    {
      fields: [
        f('email', 'email'),
        f('roles', 'list', { itemKind: 'reference' }),
        f('privileges', 'list', { itemKind: 'choice' }),
      ],
      title: ['email'],
      want: ['email', 'roles', 'privileges'],
    },
  ],
  [
    'read-only fields are fine',
    {
      fields: [f('name'), f('last_seen', 'datetime', { readOnly: true })],
      title: ['name'],
      want: ['name', 'last_seen'],
    },
  ],
  [
    'at most eight',
    {
      fields: 'abcdefghijk'.split('').map((n) => f(n, 'integer')),
      title: ['a'],
      want: 'abcdefgh'.split(''),
    },
  ],
])('%s', (_name, { fields, title, want }) => {
  it('picks columns', () => expect(columns(fields, title, 'id')).toEqual(want));
});

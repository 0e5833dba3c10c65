import { describe, expect, it } from 'vitest';
import type { FieldKind } from '../descriptor-types';
import { fieldModel } from '../test-support/builders';
import { titleFields } from './title-fields';

const fields = (...names: (string | [string, FieldKind])[]) =>
  names.map((n) =>
    typeof n === 'string' ? fieldModel({ name: n }) : fieldModel({ name: n[0], kind: n[1] }),
  );

describe.each<[string, { given: ReturnType<typeof fields>; want: string[] }]>([
  ['name', { given: fields(['id', 'integer'], 'name'), want: ['name'] }],
  [
    'customer: number and name parts',
    {
      given: fields(
        ['id', 'integer'],
        'customer_no',
        'type',
        'company_name',
        'first_name',
        'last_name',
      ),
      want: ['customer_no', 'company_name', 'last_name', 'first_name'],
    },
  ],
  [
    'contract: first *_no',
    {
      given: fields(['id', 'integer'], ['customer', 'reference'], 'contract_no', 'account_no'),
      want: ['contract_no'],
    },
  ],
  [
    'tariff device: serial number and name',
    {
      given: fields(['id', 'integer'], 'name', 'serial_number', 'model'),
      want: ['serial_number', 'name'],
    },
  ],
  ['supplier: code and name', { given: fields('name', 'code'), want: ['code', 'name'] }],
  [
    'OBIS code',
    {
      given: fields(['id', 'integer'], 'obis', ['description', 'text'], ['keep', 'boolean']),
      want: ['obis'],
    },
  ],
  [
    'point: pod_no beats ean, plus name',
    { given: fields('ean', 'name', 'pod_no'), want: ['pod_no', 'name'] },
  ],
  ['ean alone', { given: fields(['contract', 'reference'], 'ean'), want: ['ean'] }],
  [
    'user: email',
    {
      given: fields(['id', 'integer'], ['email', 'email'], ['is_active', 'boolean']),
      want: ['email'],
    },
  ],
  [
    'fuse: text',
    {
      given: fields(['id', 'integer'], ['text', 'text'], ['from_1phase', 'integer']),
      want: ['text'],
    },
  ],
  [
    'else the first string field',
    {
      given: fields(['id', 'integer'], ['valid_from', 'date'], 'model', 'colour'),
      want: ['model'],
    },
  ],
  [
    'else the id',
    {
      given: fields(['id', 'integer'], ['timestamp_received', 'datetime'], ['obis_181', 'decimal']),
      want: ['id'],
    },
  ],
  [
    'write-only and list fields are skipped',
    {
      given: [
        fieldModel({ name: 'name', writeOnly: true }),
        fieldModel({ name: 'code', kind: 'list' }),
      ],
      want: ['id'],
    },
  ],
])('%s', (_name, { given, want }) => {
  it(`→ ${want.join(', ')}`, () => expect(titleFields(given, 'id')).toEqual(want));
});

import { describe, expect, it } from 'vitest';
import { referenceTarget } from './reference';

const resources = new Set([
  'customers',
  'contracts',
  'tariffdevices',
  'fuses',
  'roles',
  'categories',
  'addresses',
]);

describe.each<[string, { name: string; explicit?: string; want: string | undefined }]>([
  ['x-reference wins', { name: 'owner', explicit: 'users', want: 'users' }],
  [
    'x-reference is trusted even without a list endpoint',
    { name: 'customer', explicit: 'people', want: 'people' },
  ],
  ['plural', { name: 'customer', want: 'customers' }],
  ['last word', { name: 'parent_contract', want: 'contracts' }],
  ['without underscores', { name: 'tariff_device', want: 'tariffdevices' }],
  ['_id suffix', { name: 'customer_id', want: 'customers' }],
  ['already plural (m2m)', { name: 'roles', want: 'roles' }],
  ['_ids suffix', { name: 'role_ids', want: 'roles' }],
  ['-y → -ies', { name: 'category', want: 'categories' }],
  ['-es', { name: 'address', want: 'addresses' }],
  ['last word of several', { name: 'main_fuse', want: 'fuses' }],
  ['no such resource', { name: 'owner', want: undefined }],
  ['empty x-reference falls back to names', { name: 'customer', explicit: '', want: 'customers' }],
])('%s', (_name, { name, explicit, want }) => {
  it(`${name} → ${String(want)}`, () => {
    expect(
      referenceTarget({ name, resources, ...(explicit === undefined ? {} : { explicit }) }),
    ).toBe(want);
  });
});

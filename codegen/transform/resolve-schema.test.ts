import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../parse/openapi';
import { schema } from '../test-support/builders';
import { componentName, resolveSchema } from './resolve-schema';

const schemas = new Map<string, SchemaObject>([
  [
    'CustomerTypeEnum',
    schema({ enum: ['person', 'company'], type: 'string', description: '* `person` - Person' }),
  ],
  ['BillingPeriodEnum', schema({ enum: [1, 3, 12], type: 'integer' })],
  ['BlankEnum', schema({ enum: [''] })],
  ['NullEnum', schema({ enum: [null] })],
  [
    'Address',
    schema({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
  ],
  ['Loop', schema({ $ref: '#/components/schemas/Loop' })],
]);

type Want = Partial<
  Pick<SchemaObject, 'type' | 'enum' | 'nullable' | 'readOnly' | 'description' | 'required'>
>;

describe.each<[string, { given: Record<string, unknown>; want: Want; absent?: string[] }]>([
  [
    'plain property',
    { given: { type: 'string', maxLength: 5 }, want: { type: 'string', nullable: false } },
  ],
  [
    '$ref to an enum',
    {
      given: { $ref: '#/components/schemas/BillingPeriodEnum' },
      want: { type: 'integer', enum: [1, 3, 12] },
    },
  ],
  [
    'allOf with readOnly and help text (drf-spectacular)',
    {
      given: {
        allOf: [{ $ref: '#/components/schemas/CustomerTypeEnum' }],
        readOnly: true,
        description: 'Kind',
      },
      want: { type: 'string', enum: ['person', 'company'], readOnly: true, description: 'Kind' },
    },
  ],
  [
    'allOf without description keeps the enum description',
    {
      given: { allOf: [{ $ref: '#/components/schemas/CustomerTypeEnum' }] },
      want: { description: '* `person` - Person' },
    },
  ],
  [
    'nullable choice: oneOf [XEnum, BlankEnum, NullEnum]',
    {
      given: {
        nullable: true,
        oneOf: [
          { $ref: '#/components/schemas/CustomerTypeEnum' },
          { $ref: '#/components/schemas/BlankEnum' },
          { $ref: '#/components/schemas/NullEnum' },
        ],
      },
      want: { type: 'string', enum: ['person', 'company'], nullable: true },
    },
  ],
  [
    'oneOf with only NullEnum still makes it nullable',
    {
      given: {
        oneOf: [
          { $ref: '#/components/schemas/CustomerTypeEnum' },
          { $ref: '#/components/schemas/NullEnum' },
        ],
      },
      want: { enum: ['person', 'company'], nullable: true },
    },
  ],
  [
    'OpenAPI 3.1 type array with null',
    { given: { type: ['integer', 'null'] }, want: { type: 'integer', nullable: true } },
  ],
  [
    'inline enum with null and blank',
    { given: { enum: ['a', '', null] }, want: { type: 'string', enum: ['a'], nullable: true } },
  ],
  [
    'nested object ref',
    {
      given: { $ref: '#/components/schemas/Address' },
      want: { type: 'object', required: ['city'] },
    },
  ],
  [
    'dangling ref degrades to empty',
    { given: { $ref: '#/components/schemas/Missing' }, want: {}, absent: ['type'] },
  ],
  [
    'self-referencing ref does not loop',
    { given: { $ref: '#/components/schemas/Loop' }, want: {}, absent: ['type'] },
  ],
])('%s', (_name, { given, want, absent = [] }) => {
  it('resolves', () => {
    const resolved = resolveSchema(schema(given), schemas);
    expect(resolved).toMatchObject(want);
    for (const key of absent) expect(resolved).not.toHaveProperty(key);
    expect(resolved.ref).toBeUndefined();
    expect(resolved.allOf).toEqual([]);
    expect(resolved.oneOf).toEqual([]);
  });
});

describe.each([
  ['#/components/schemas/Customer', 'Customer'],
  ['#/definitions/Customer', undefined],
  ['other.json#/x', undefined],
])('componentName(%s)', (ref, want) => {
  it(`is ${String(want)}`, () => expect(componentName(ref)).toBe(want));
});

import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../parse/openapi';
import { optionsField, schema } from '../test-support/builders';
import { transformField, transformFields, type FieldContext, type FieldInput } from './field';
import type { FieldModel } from './field-model';

const ctx: FieldContext = {
  resource: 'contracts',
  schemas: new Map<string, SchemaObject>([
    [
      'StateEnum',
      schema({
        enum: ['draft', 'active'],
        type: 'string',
        description: '* `draft` - Draft\n* `active` - Active',
      }),
    ],
    [
      'Address',
      schema({
        type: 'object',
        properties: { city: { type: 'string', maxLength: 50 } },
        required: ['city'],
      }),
    ],
  ]),
  resources: new Set(['contracts', 'customers', 'roles']),
};
const o = (raw: Record<string, unknown>) =>
  optionsField({ required: false, read_only: false, ...raw });
const input = (
  name: string,
  rest: Omit<FieldInput, 'path' | 'requiredInSchema'> & { requiredInSchema?: boolean },
): FieldInput => ({
  path: [name],
  requiredInSchema: false,
  ...rest,
});

describe.each<[string, { given: FieldInput; want: Partial<FieldModel>; absent?: string[] }]>([
  [
    'OPTIONS wins for required, read-only and limits',
    {
      given: input('contract_no', {
        schema: schema({ type: 'string', maxLength: 20 }),
        options: o({ type: 'string', required: true, max_length: 30, min_length: 2 }),
      }),
      want: {
        kind: 'string',
        required: true,
        readOnly: false,
        maxLength: 30,
        minLength: 2,
        label: 'resource.contracts.field.contract_no.label',
      },
    },
  ],
  [
    'OpenAPI alone: required list and readOnly',
    {
      given: input('updated_at', {
        schema: schema({ type: 'string', format: 'date-time', readOnly: true }),
        requiredInSchema: true,
      }),
      want: { kind: 'datetime', readOnly: true, required: false },
    },
  ],
  [
    'OpenAPI alone: required writable field',
    {
      given: input('valid_from', {
        schema: schema({ type: 'string', format: 'date' }),
        requiredInSchema: true,
      }),
      want: { kind: 'date', required: true },
    },
  ],
  [
    'nullable comes from OpenAPI only',
    {
      given: input('valid_to', {
        schema: schema({ type: 'string', format: 'date', nullable: true }),
        options: o({ type: 'date' }),
      }),
      want: { nullable: true },
    },
  ],
  [
    'read-only in either source is read-only',
    {
      given: input('x', {
        schema: schema({ type: 'integer', readOnly: true }),
        options: o({ type: 'integer', required: true }),
      }),
      want: { readOnly: true, required: false },
    },
  ],
  [
    'a text pattern from OpenAPI',
    {
      given: input('phone', {
        schema: schema({ type: 'string', maxLength: 30, pattern: '^\\d{9}$' }),
      }),
      want: { kind: 'string', maxLength: 30, pattern: '^\\d{9}$' },
    },
  ],
  [
    'integer limits from OpenAPI',
    {
      given: input('phases', { schema: schema({ type: 'integer', minimum: 1, maximum: 3 }) }),
      want: { kind: 'integer', minValue: 1, maxValue: 3 },
    },
  ],
  [
    'decimal digits from OPTIONS',
    {
      given: input('deposit', {
        schema: schema({ type: 'string', format: 'decimal' }),
        options: o({ type: 'decimal', max_digits: 12, decimal_places: 2, min_value: '0.00' }),
      }),
      want: { kind: 'decimal', maxDigits: 12, decimalPlaces: 2, minValue: 0, numeric: false },
    },
  ],
  [
    'decimal digits from the drf-spectacular pattern',
    {
      given: input('deposit', {
        schema: schema({
          type: 'string',
          format: 'decimal',
          pattern: '^-?\\d{0,8}(?:\\.\\d{0,2})?$',
        }),
      }),
      want: { maxDigits: 10, decimalPlaces: 2 },
      absent: ['pattern'],
    },
  ],
  [
    'enum via allOf gets choices and fallback names',
    {
      given: input('state', {
        schema: schema({ allOf: [{ $ref: '#/components/schemas/StateEnum' }], readOnly: true }),
      }),
      want: {
        kind: 'choice',
        readOnly: true,
        choices: [
          { value: 'draft', label: 'resource.contracts.field.state.choice.draft' },
          { value: 'active', label: 'resource.contracts.field.state.choice.active' },
        ],
        fallbackChoiceNames: new Map([
          ['draft', 'Draft'],
          ['active', 'Active'],
        ]),
      },
    },
  ],
  [
    'OPTIONS field + name fallback → reference',
    {
      given: input('customer', {
        schema: schema({ type: 'integer' }),
        options: o({ type: 'field', required: true }),
      }),
      want: { kind: 'reference', reference: 'customers', required: true },
    },
  ],
  [
    'self reference by last word',
    {
      given: input('parent_contract', {
        schema: schema({ type: 'integer', nullable: true }),
        options: o({ type: 'field' }),
      }),
      want: { kind: 'reference', reference: 'contracts', nullable: true },
    },
  ],
  [
    'OPTIONS field without a matching resource stays integer',
    {
      given: input('owner', { schema: schema({ type: 'integer' }), options: o({ type: 'field' }) }),
      want: { kind: 'integer' },
      absent: ['reference'],
    },
  ],
  [
    'without OPTIONS an integer named like a resource is a reference',
    {
      given: input('customer', { schema: schema({ type: 'integer' }) }),
      want: { kind: 'reference', reference: 'customers' },
    },
  ],
  [
    'x-reference (Joule) wins over names',
    {
      given: input('owner', {
        schema: schema({ type: 'integer', 'x-reference': 'users' }),
        options: o({ type: 'field' }),
      }),
      want: { kind: 'reference', reference: 'users', widget: 'reference' },
    },
  ],
  [
    'many-to-many: list of references',
    {
      given: input('roles', {
        schema: schema({ type: 'array', items: { type: 'integer' } }),
        options: o({ type: 'field' }),
      }),
      want: { kind: 'list', itemKind: 'reference', reference: 'roles' },
    },
  ],
  [
    'a read-only date-time carries its widget too (the edit form shows it, disabled)',
    {
      given: input('created', {
        schema: schema({ type: 'string', format: 'date-time', readOnly: true }),
      }),
      want: { kind: 'datetime', readOnly: true, widget: 'datetime' },
    },
  ],
  [
    'a password gets the password widget',
    {
      given: input('password', { schema: schema({ type: 'string', writeOnly: true }) }),
      want: { kind: 'string', widget: 'password' },
    },
  ],
  [
    'a list of plain values has no widget: rjsf picks',
    {
      given: input('tags', { schema: schema({ type: 'array', items: { type: 'string' } }) }),
      want: { kind: 'list', itemKind: 'string' },
      absent: ['widget'],
    },
  ],
  [
    'id is never a reference',
    {
      given: input('id', { schema: schema({ type: 'integer', readOnly: true }) }),
      want: { kind: 'integer' },
      absent: ['reference'],
    },
  ],
  [
    'a string with OPTIONS field type is not guessed into a reference by a non-matching name',
    {
      given: input('customer_name', {
        schema: schema({ type: 'string', readOnly: true }),
        options: o({ type: 'field', read_only: true }),
      }),
      want: { kind: 'string' },
    },
  ],
  [
    'multiple choice: list of choice with OPTIONS choices',
    {
      given: input('privileges', {
        schema: schema({ type: 'array', items: { enum: ['A', 'B'], type: 'string' } }),
        options: o({ type: 'multiple choice', choices: [{ value: 'A', display_name: 'Alpha' }] }),
      }),
      want: {
        kind: 'list',
        itemKind: 'choice',
        choices: [{ value: 'A', label: 'resource.contracts.field.privileges.choice.A' }],
      },
    },
  ],
  [
    'write-only password',
    {
      given: input('password', {
        schema: schema({ type: 'string', writeOnly: true, maxLength: 128 }),
      }),
      want: { kind: 'string', writeOnly: true },
    },
  ],
  [
    'OPTIONS-only field',
    {
      given: input('note', { options: o({ type: 'string', label: 'Note' }) }),
      want: { kind: 'string', fallbackLabel: 'Note' },
    },
  ],
  [
    'OpenAPI title is the fallback label',
    {
      given: input('contract_no', { schema: schema({ type: 'string', title: 'Contract number' }) }),
      want: { fallbackLabel: 'Contract number' },
    },
  ],
  [
    'no source at all degrades to string',
    {
      given: input('mystery', {}),
      want: { kind: 'string', required: false, readOnly: false, fallbackLabel: 'Mystery' },
    },
  ],
])('%s', (_name, { given, want, absent = [] }) => {
  it('builds the field', () => {
    const field = transformField(ctx, given);
    expect(field).toMatchObject(want);
    for (const key of absent) expect(field).not.toHaveProperty(key);
  });
});

describe('nested fields', () => {
  it('object: fields from the referenced component, labels by path', () => {
    const field = transformField(
      ctx,
      input('address', { schema: schema({ $ref: '#/components/schemas/Address' }) }),
    );
    expect(field.kind).toBe('object');
    expect(field.fields).toMatchObject([
      {
        name: 'city',
        kind: 'string',
        required: true,
        label: 'resource.contracts.field.address.city.label',
      },
    ]);
  });

  it('list of objects: item fields merged with OPTIONS child children', () => {
    const field = transformField(
      ctx,
      input('addresses', {
        schema: schema({
          type: 'array',
          items: { $ref: '#/components/schemas/Address' },
          readOnly: true,
        }),
        options: o({
          type: 'list',
          read_only: true,
          child: {
            type: 'nested object',
            children: {
              city: { type: 'string', required: true, read_only: false, max_length: 40 },
            },
          },
        }),
      }),
    );
    expect(field).toMatchObject({ kind: 'list', itemKind: 'object' });
    expect(field.fields).toMatchObject([{ name: 'city', maxLength: 40 }]);
  });

  it('transformFields keeps OpenAPI order and appends OPTIONS-only fields', () => {
    const fields = transformFields(
      ctx,
      [],
      schema({ type: 'object', properties: { b: { type: 'integer' }, a: { type: 'integer' } } }),
      new Map([
        ['z', o({ type: 'boolean' })],
        ['a', o({ type: 'integer' })],
      ]),
    );
    expect(fields.map((f) => f.name)).toEqual(['b', 'a', 'z']);
  });
});

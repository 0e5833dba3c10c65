import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../descriptor-types';
import { fieldModel } from '../test-support/builders';
import type { FieldModel } from './field-model';
import { parseSchemaObject } from '../parse/openapi';
import { fieldSchema, formSchema } from './form-schema';
import { fieldConditions } from './resource';

const choices = (values: (string | number)[]) =>
  values.map((value) => ({ value, label: `c.${value}` }));

describe.each<[string, { given: FieldModel; want: JsonSchema }]>([
  [
    'string with limits',
    {
      given: fieldModel({ name: 'n', kind: 'string', minLength: 1, maxLength: 20 }),
      want: { type: 'string', minLength: 1, maxLength: 20 },
    },
  ],
  ['text', { given: fieldModel({ name: 'n', kind: 'text' }), want: { type: 'string' } }],
  [
    'string with a pattern',
    {
      given: fieldModel({ name: 'n', kind: 'string', maxLength: 30, pattern: '^\\d{9}$' }),
      want: { type: 'string', maxLength: 30, pattern: '^\\d{9}$' },
    },
  ],
  [
    'email',
    {
      given: fieldModel({ name: 'n', kind: 'email', maxLength: 254 }),
      want: { type: 'string', format: 'email', maxLength: 254 },
    },
  ],
  [
    'integer with bounds',
    {
      given: fieldModel({ name: 'n', kind: 'integer', minValue: 0, maxValue: 9 }),
      want: { type: 'integer', minimum: 0, maximum: 9 },
    },
  ],
  [
    'decimal string with digits',
    {
      given: fieldModel({ name: 'n', kind: 'decimal', maxDigits: 10, decimalPlaces: 2 }),
      want: { type: 'string', pattern: '^-?\\d{0,8}(?:\\.\\d{0,2})?$' },
    },
  ],
  [
    'decimal string without digits',
    {
      given: fieldModel({ name: 'n', kind: 'decimal' }),
      want: { type: 'string', pattern: '^-?\\d+(?:\\.\\d+)?$' },
    },
  ],
  [
    'numeric decimal (float)',
    {
      given: fieldModel({ name: 'n', kind: 'decimal', numeric: true, minValue: 0 }),
      want: { type: 'number', minimum: 0 },
    },
  ],
  [
    'date',
    { given: fieldModel({ name: 'n', kind: 'date' }), want: { type: 'string', format: 'date' } },
  ],
  [
    'datetime',
    {
      given: fieldModel({ name: 'n', kind: 'datetime' }),
      want: { type: 'string', format: 'date-time' },
    },
  ],
  ['boolean', { given: fieldModel({ name: 'n', kind: 'boolean' }), want: { type: 'boolean' } }],
  [
    'string choice',
    {
      given: fieldModel({ name: 'n', kind: 'choice', choices: choices(['a', 'b']) }),
      want: { type: 'string', enum: ['a', 'b'] },
    },
  ],
  [
    'integer choice',
    {
      given: fieldModel({ name: 'n', kind: 'choice', choices: choices([1, 3]) }),
      want: { type: 'integer', enum: [1, 3] },
    },
  ],
  [
    'nullable choice',
    {
      given: fieldModel({ name: 'n', kind: 'choice', nullable: true, choices: choices(['a']) }),
      want: { type: ['string', 'null'], enum: ['a', null] },
    },
  ],
  [
    'reference',
    {
      given: fieldModel({ name: 'n', kind: 'reference', reference: 'customers' }),
      want: { type: 'integer' },
    },
  ],
  [
    'nullable reference',
    {
      given: fieldModel({ name: 'n', kind: 'reference', nullable: true }),
      want: { type: ['integer', 'null'] },
    },
  ],
  [
    'nullable date',
    {
      given: fieldModel({ name: 'n', kind: 'date', nullable: true }),
      want: { type: ['string', 'null'], format: 'date' },
    },
  ],
  [
    'list of references',
    {
      given: fieldModel({ name: 'n', kind: 'list', itemKind: 'reference' }),
      want: { type: 'array', items: { type: 'integer' }, uniqueItems: true },
    },
  ],
  [
    'list of choices',
    {
      given: fieldModel({ name: 'n', kind: 'list', itemKind: 'choice', choices: choices(['A']) }),
      want: { type: 'array', items: { type: 'string', enum: ['A'] }, uniqueItems: true },
    },
  ],
  [
    'list of strings',
    {
      given: fieldModel({ name: 'n', kind: 'list', itemKind: 'string' }),
      want: { type: 'array', items: { type: 'string' } },
    },
  ],
  [
    'list of objects',
    {
      given: fieldModel({
        name: 'n',
        kind: 'list',
        itemKind: 'object',
        fields: [fieldModel({ name: 'city', required: true, maxLength: 5 })],
      }),
      want: {
        type: 'array',
        items: {
          type: 'object',
          properties: { city: { type: 'string', maxLength: 5 } },
          required: ['city'],
        },
      },
    },
  ],
  [
    'object with writable fields only',
    {
      given: fieldModel({
        name: 'n',
        kind: 'object',
        fields: [
          fieldModel({ name: 'id', kind: 'integer', readOnly: true }),
          fieldModel({ name: 'street', kind: 'string' }),
        ],
      }),
      want: { type: 'object', properties: { street: { type: 'string' } } },
    },
  ],
  [
    'object without known fields',
    { given: fieldModel({ name: 'n', kind: 'object' }), want: { type: 'object', properties: {} } },
  ],
])('%s', (_name, { given, want }) => {
  it('maps to JSON Schema', () => expect(fieldSchema(given)).toEqual(want));
});

describe('formSchema', () => {
  it('takes writable fields in order, required ones listed, no titles', () => {
    const schema = formSchema([
      fieldModel({ name: 'id', kind: 'integer', readOnly: true }),
      fieldModel({ name: 'contract_no', required: true }),
      fieldModel({ name: 'note', kind: 'text' }),
      fieldModel({ name: 'updated', kind: 'datetime', readOnly: true, required: false }),
    ]);
    expect(schema).toEqual({
      type: 'object',
      properties: { contract_no: { type: 'string' }, note: { type: 'string' } },
      required: ['contract_no'],
    });
    expect(Object.keys(schema.properties as object)).toEqual(['contract_no', 'note']);
  });

  it('omits an empty required list', () => {
    expect(formSchema([fieldModel({ name: 'a' })])).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
  });
});

describe('conditional fields (x-conditions, docs/product.md)', () => {
  const fields = [
    fieldModel({ name: 'type', kind: 'choice', choices: choices(['company', 'person']) }),
    fieldModel({ name: 'company_name', kind: 'string', maxLength: 200 }),
    fieldModel({ name: 'crn', kind: 'string', maxLength: 8 }),
    fieldModel({ name: 'founded', kind: 'date', nullable: true }),
    fieldModel({ name: 'id', kind: 'integer', readOnly: true }),
  ];
  const raw = {
    type: 'object',
    properties: {},
    'x-conditions': [
      {
        if: { properties: { type: { enum: ['company'] } }, required: ['type'] },
        then: { required: ['company_name', 'founded'] },
        'x-fields': ['company_name', 'crn', 'founded'],
      },
      { if: { properties: { type: { const: 'person' } } }, then: {}, 'x-fields': ['id'] },
      { if: { properties: {} }, then: { required: ['crn'] } },
    ],
  };

  it('reads the conditions codegen can apply whole, and requires blank text as missing', () => {
    const conditions = fieldConditions(parseSchemaObject(raw), fields);
    // The person condition names a read-only field and the last one no deciding field.
    expect(conditions).toEqual([
      {
        field: 'type',
        values: ['company'],
        fields: ['company_name', 'crn', 'founded'],
        required: ['company_name', 'founded'],
      },
    ]);
    expect(formSchema(fields, conditions).allOf).toEqual([
      {
        if: { properties: { type: { enum: ['company'] } }, required: ['type'] },
        then: {
          required: ['company_name', 'founded'],
          properties: { company_name: { minLength: 1 } },
        },
      },
    ]);
  });

  it('adds nothing without conditions (a plain DRF back-end)', () => {
    expect(parseSchemaObject({ type: 'object' }).conditions).toBeUndefined();
    expect(formSchema(fields)).not.toHaveProperty('allOf');
  });
});

import { describe, expect, it } from 'vitest';
import { optionsField, schema } from '../test-support/builders';
import { fieldKind, type KindInput, type KindResult } from './field-kind';
import { resolveSchema } from './resolve-schema';

const noSchemas = new Map();
const s = (raw: Record<string, unknown>) => resolveSchema(schema(raw), noSchemas);
const o = (raw: Record<string, unknown>) =>
  optionsField({ required: false, read_only: false, ...raw });

describe.each<[string, { given: KindInput; want: Partial<KindResult> }]>([
  // OpenAPI alone (a resource without OPTIONS, or a field OPTIONS lacks).
  ['integer', { given: { schema: s({ type: 'integer' }) }, want: { kind: 'integer' } }],
  ['boolean', { given: { schema: s({ type: 'boolean' }) }, want: { kind: 'boolean' } }],
  [
    'number is a numeric decimal',
    {
      given: { schema: s({ type: 'number', format: 'double' }) },
      want: { kind: 'decimal', numeric: true },
    },
  ],
  [
    'format decimal',
    {
      given: { schema: s({ type: 'string', format: 'decimal' }) },
      want: { kind: 'decimal', numeric: false },
    },
  ],
  [
    'format date',
    { given: { schema: s({ type: 'string', format: 'date' }) }, want: { kind: 'date' } },
  ],
  [
    'format date-time',
    { given: { schema: s({ type: 'string', format: 'date-time' }) }, want: { kind: 'datetime' } },
  ],
  [
    'format email',
    { given: { schema: s({ type: 'string', format: 'email' }) }, want: { kind: 'email' } },
  ],
  [
    'format uuid stays string',
    { given: { schema: s({ type: 'string', format: 'uuid' }) }, want: { kind: 'string' } },
  ],
  [
    'short string',
    { given: { schema: s({ type: 'string', maxLength: 255 }) }, want: { kind: 'string' } },
  ],
  [
    'long string is text',
    { given: { schema: s({ type: 'string', maxLength: 256 }) }, want: { kind: 'text' } },
  ],
  // Long text only when the schema says so (docs/extending.md "Long text").
  [
    'unlimited string stays one line (an IP address, a version, a code)',
    { given: { schema: s({ type: 'string' }) }, want: { kind: 'string' } },
  ],
  [
    'Joule x-long-text is text',
    { given: { schema: s({ type: 'string', 'x-long-text': true }) }, want: { kind: 'text' } },
  ],
  [
    'x-multiline is text',
    { given: { schema: s({ type: 'string', 'x-multiline': true }) }, want: { kind: 'text' } },
  ],
  [
    'format textarea is text',
    { given: { schema: s({ type: 'string', format: 'textarea' }) }, want: { kind: 'text' } },
  ],
  [
    'format multiline is text',
    { given: { schema: s({ type: 'string', format: 'multiline' }) }, want: { kind: 'text' } },
  ],
  [
    'format ipv4 stays one line',
    { given: { schema: s({ type: 'string', format: 'ipv4' }) }, want: { kind: 'string' } },
  ],
  [
    'read-only long text stays string',
    {
      given: { schema: s({ type: 'string', readOnly: true, 'x-long-text': true }) },
      want: { kind: 'string' },
    },
  ],
  [
    'read-only unlimited string stays string',
    { given: { schema: s({ type: 'string', readOnly: true }) }, want: { kind: 'string' } },
  ],
  [
    'enum is choice',
    { given: { schema: s({ type: 'string', enum: ['a', 'b'] }) }, want: { kind: 'choice' } },
  ],
  [
    'array of integers',
    {
      given: {
        schema: s({ type: 'array', items: { type: 'integer' } }),
        itemSchema: s({ type: 'integer' }),
      },
      want: { kind: 'list', itemKind: 'integer' },
    },
  ],
  [
    'array of enums',
    {
      given: { schema: s({ type: 'array' }), itemSchema: s({ enum: ['A'] }) },
      want: { kind: 'list', itemKind: 'choice' },
    },
  ],
  [
    'array without items',
    { given: { schema: s({ type: 'array' }) }, want: { kind: 'list', itemKind: 'string' } },
  ],
  [
    'object',
    {
      given: { schema: s({ type: 'object', additionalProperties: {} }) },
      want: { kind: 'object' },
    },
  ],
  [
    'untyped with properties',
    { given: { schema: s({ properties: { a: { type: 'string' } } }) }, want: { kind: 'object' } },
  ],
  [
    'untyped (JSONField) degrades to string',
    { given: { schema: s({ readOnly: true }) }, want: { kind: 'string' } },
  ],
  [
    'unknown type degrades to string',
    { given: { schema: s({ type: 'file' }) }, want: { kind: 'string' } },
  ],
  ['nothing at all', { given: {}, want: { kind: 'string' } }],
  // OPTIONS wins when it says something.
  ['OPTIONS boolean', { given: { options: o({ type: 'boolean' }) }, want: { kind: 'boolean' } }],
  ['OPTIONS email', { given: { options: o({ type: 'email' }) }, want: { kind: 'email' } }],
  [
    'OPTIONS decimal',
    { given: { options: o({ type: 'decimal' }) }, want: { kind: 'decimal', numeric: false } },
  ],
  [
    'OPTIONS float',
    { given: { options: o({ type: 'float' }) }, want: { kind: 'decimal', numeric: true } },
  ],
  ['OPTIONS date', { given: { options: o({ type: 'date' }) }, want: { kind: 'date' } }],
  ['OPTIONS datetime', { given: { options: o({ type: 'datetime' }) }, want: { kind: 'datetime' } }],
  ['OPTIONS choice', { given: { options: o({ type: 'choice' }) }, want: { kind: 'choice' } }],
  [
    'OPTIONS multiple choice',
    {
      given: { options: o({ type: 'multiple choice' }) },
      want: { kind: 'list', itemKind: 'choice' },
    },
  ],
  [
    'OPTIONS nested object',
    { given: { options: o({ type: 'nested object' }) }, want: { kind: 'object' } },
  ],
  [
    'OPTIONS list of integers',
    {
      given: { options: o({ type: 'list', child: { type: 'integer' } }) },
      want: { kind: 'list', itemKind: 'integer' },
    },
  ],
  [
    'OPTIONS short string',
    { given: { options: o({ type: 'string', max_length: 20 }) }, want: { kind: 'string' } },
  ],
  [
    'OPTIONS string without max_length stays one line',
    { given: { options: o({ type: 'string' }) }, want: { kind: 'string' } },
  ],
  [
    'OPTIONS style of a TextField is text',
    {
      given: { options: o({ type: 'string', style: { base_template: 'textarea.html' } }) },
      want: { kind: 'text' },
    },
  ],
  [
    'OPTIONS style multiline is text',
    {
      given: { options: o({ type: 'string', style: { multiline: true } }) },
      want: { kind: 'text' },
    },
  ],
  [
    'OPTIONS string, OpenAPI x-long-text',
    {
      given: { options: o({ type: 'string' }), schema: s({ type: 'string', 'x-long-text': true }) },
      want: { kind: 'text' },
    },
  ],
  [
    'OPTIONS string without max_length, OpenAPI has it',
    {
      given: { options: o({ type: 'string' }), schema: s({ type: 'string', maxLength: 30 }) },
      want: { kind: 'string' },
    },
  ],
  ['OPTIONS url', { given: { options: o({ type: 'url' }) }, want: { kind: 'string' } }],
  [
    'OPTIONS field defers to OpenAPI',
    {
      given: { options: o({ type: 'field' }), schema: s({ type: 'integer' }) },
      want: { kind: 'integer' },
    },
  ],
  [
    'OPTIONS unknown type defers to OpenAPI',
    {
      given: { options: o({ type: 'hstore' }), schema: s({ type: 'boolean' }) },
      want: { kind: 'boolean' },
    },
  ],
  ['OPTIONS field alone', { given: { options: o({ type: 'field' }) }, want: { kind: 'string' } }],
])('%s', (_name, { given, want }) => {
  it('maps to the kind', () => {
    expect(fieldKind(given)).toMatchObject(want);
  });
});

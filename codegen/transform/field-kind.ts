/**
 * Maps a field to its {@link FieldKind} (docs/architecture.md "The layers"), from DRF's
 * OPTIONS type when that says something, else from the resolved OpenAPI schema. References
 * are decided elsewhere (`reference.ts`): a foreign key is `integer` here.
 */
import type { FieldKind } from '../descriptor-types';
import type { OptionsField } from '../parse/options';
import type { SchemaObject } from '../parse/openapi';

/** Longest `maxLength` of a one-line `string`; longer writable strings are `text`. */
export const MAX_STRING_LENGTH = 255;

/** The kind of a field, of its items for lists, and whether a decimal travels as a number. */
export interface KindResult {
  readonly kind: FieldKind;
  readonly itemKind?: FieldKind;
  readonly numeric: boolean;
}

/** What {@link fieldKind} looks at; every part may be missing. */
export interface KindInput {
  /** The property, already resolved (`resolve-schema.ts`). */
  readonly schema?: SchemaObject;
  /** Its `items`, resolved, for arrays. */
  readonly itemSchema?: SchemaObject;
  /** Its OPTIONS `actions.POST` entry. */
  readonly options?: OptionsField;
}

const STRING_LIKE_OPTIONS = new Set([
  'url',
  'regex',
  'slug',
  'time',
  'duration',
  'file upload',
  'image upload',
  'ip address',
]);

/** The kind of one field; anything unknown is `string`. */
export function fieldKind({ schema, itemSchema, options }: KindInput): KindResult {
  const fromOptions = options === undefined ? undefined : optionsKind(options, schema, itemSchema);
  if (fromOptions !== undefined) return fromOptions;
  if (schema !== undefined) return schemaKind(schema, itemSchema);
  return { kind: 'string', numeric: false };
}

/**
 * The kind of a string (docs/extending.md "Long text"): `text` (a multi-line area) for a
 * writable string the schema marks as long text (`longText`: OpenAPI `x-long-text`,
 * `x-multiline`, `format: textarea`, or OPTIONS `style`) or whose limit is over
 * {@link MAX_STRING_LENGTH}; otherwise `string`, one line, even without a limit (an IP
 * address, a firmware version, a code).
 */
export function stringKind(
  maxLength: number | undefined,
  readOnly: boolean,
  longText = false,
): FieldKind {
  if (readOnly) return 'string';
  return longText || (maxLength !== undefined && maxLength > MAX_STRING_LENGTH) ? 'text' : 'string';
}

function optionsKind(
  options: OptionsField,
  schema: SchemaObject | undefined,
  itemSchema: SchemaObject | undefined,
): KindResult | undefined {
  const plain = (kind: FieldKind): KindResult => ({ kind, numeric: false });
  switch (options.type) {
    case 'boolean':
      return plain('boolean');
    case 'email':
      return plain('email');
    case 'integer':
      return plain('integer');
    case 'float':
      return { kind: 'decimal', numeric: true };
    case 'decimal':
      return { kind: 'decimal', numeric: schema?.type === 'number' };
    case 'date':
      return plain('date');
    case 'datetime':
      return plain('datetime');
    case 'choice':
      return plain('choice');
    case 'multiple choice':
      return { kind: 'list', itemKind: 'choice', numeric: false };
    case 'nested object':
      return plain('object');
    case 'list': {
      const item =
        options.child === undefined ? undefined : optionsKind(options.child, itemSchema, undefined);
      const fromSchema = itemSchema === undefined ? undefined : schemaKind(itemSchema, undefined);
      return { kind: 'list', itemKind: item?.kind ?? fromSchema?.kind ?? 'string', numeric: false };
    }
    case 'string': {
      const readOnly = options.readOnly || schema?.readOnly === true;
      const longText = options.longText === true || schema?.longText === true;
      return plain(stringKind(options.maxLength ?? schema?.maxLength, readOnly, longText));
    }
    default:
      // `field` (a foreign key or a method field) and unknown types: let OpenAPI decide.
      return STRING_LIKE_OPTIONS.has(options.type) ? plain('string') : undefined;
  }
}

function schemaKind(schema: SchemaObject, itemSchema: SchemaObject | undefined): KindResult {
  const plain = (kind: FieldKind): KindResult => ({ kind, numeric: false });
  if (schema.enum !== undefined && schema.enum.length > 0) return plain('choice');
  switch (schema.type) {
    case 'boolean':
      return plain('boolean');
    case 'integer':
      return plain('integer');
    case 'number':
      return { kind: 'decimal', numeric: true };
    case 'string':
      return plain(stringFormatKind(schema));
    case 'array': {
      const item = itemSchema === undefined ? undefined : schemaKind(itemSchema, undefined);
      return { kind: 'list', itemKind: item?.kind ?? 'string', numeric: false };
    }
    case 'object':
      return plain('object');
    default:
      return plain(schema.properties !== undefined ? 'object' : 'string');
  }
}

function stringFormatKind(schema: SchemaObject): FieldKind {
  switch (schema.format) {
    case 'date':
      return 'date';
    case 'date-time':
      return 'datetime';
    case 'email':
      return 'email';
    case 'decimal':
      return 'decimal';
    case undefined:
      return stringKind(schema.maxLength, schema.readOnly, schema.longText === true);
    default:
      return schema.longText === true ? stringKind(undefined, schema.readOnly, true) : 'string';
  }
}

/**
 * The edit form's JSON Schema (draft-07, as `@rjsf/validator-ajv8` reads it) from the
 * writable fields. No titles: the runtime resolves labels by message id (`ui-schema.ts`).
 * Types per kind: decimal → string with DRF's digits pattern, date → `format: date`,
 * reference → integer id, list of references → array of integer ids, choice → `enum`,
 * nullable → `type: [x, 'null']`.
 */
import type { FieldCondition, FieldKind, JsonSchema } from '../descriptor-types';
import { decimalPattern } from './decimal-pattern';
import type { FieldModel } from './field-model';

/**
 * The form schema of an object's fields: `{type: 'object', properties, required?}`, plus
 * `allOf` of JSON Schema `if`/`then` for the `conditions` that require fields (a blank
 * text counts as missing: `minLength: 1`).
 */
export function formSchema(
  fields: readonly FieldModel[],
  conditions: readonly FieldCondition[] = [],
): JsonSchema {
  const writable = fields.filter((f) => !f.readOnly);
  const properties: Record<string, JsonSchema> = {};
  for (const field of writable) properties[field.name] = fieldSchema(field);
  const required = writable.filter((f) => f.required).map((f) => f.name);
  const rules = conditions
    .filter((condition) => condition.required.length > 0)
    .map((condition) => conditionSchema(condition, writable));
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(rules.length > 0 ? { allOf: rules } : {}),
  };
}

/** `{if: {properties: {<field>: {enum}}, required: [<field>]}, then: {required, properties?}}`. */
function conditionSchema(condition: FieldCondition, fields: readonly FieldModel[]): JsonSchema {
  const text = new Set<FieldKind>(['string', 'text', 'email']);
  const blankable = condition.required.filter((name) =>
    fields.some((f) => f.name === name && text.has(f.kind)),
  );
  return {
    if: {
      properties: { [condition.field]: { enum: [...condition.values] } },
      required: [condition.field],
    },
    then: {
      required: [...condition.required],
      ...(blankable.length > 0
        ? { properties: Object.fromEntries(blankable.map((name) => [name, { minLength: 1 }])) }
        : {}),
    },
  };
}

/** The schema of one writable field. */
export function fieldSchema(field: FieldModel): JsonSchema {
  const schema = valueSchema(field, field.kind);
  return field.nullable ? withNull(schema) : schema;
}

function valueSchema(field: FieldModel, kind: FieldKind): JsonSchema {
  switch (kind) {
    case 'string':
    case 'text':
    case 'email':
      return {
        type: 'string',
        ...(kind === 'email' ? { format: 'email' } : {}),
        ...limit('minLength', field.minLength),
        ...limit('maxLength', field.maxLength),
        ...(field.pattern === undefined ? {} : { pattern: field.pattern }),
      };
    case 'integer':
      return {
        type: 'integer',
        ...limit('minimum', field.minValue),
        ...limit('maximum', field.maxValue),
      };
    case 'decimal':
      return field.numeric
        ? {
            type: 'number',
            ...limit('minimum', field.minValue),
            ...limit('maximum', field.maxValue),
          }
        : { type: 'string', pattern: decimalPattern(field) };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'boolean':
      return { type: 'boolean' };
    case 'choice':
      return choiceSchema(field);
    case 'reference':
      return { type: 'integer' };
    case 'object':
      return formSchema(field.fields ?? []);
    case 'list':
      return listSchema(field);
  }
}

function listSchema(field: FieldModel): JsonSchema {
  const itemKind = field.itemKind ?? 'string';
  let items: JsonSchema;
  if (itemKind === 'object' || field.fields !== undefined) items = formSchema(field.fields ?? []);
  else if (itemKind === 'list') items = { type: 'array' };
  else items = valueSchema({ ...field, nullable: false }, itemKind);
  const unique = itemKind === 'reference' || itemKind === 'choice';
  return { type: 'array', items, ...(unique ? { uniqueItems: true } : {}) };
}

function choiceSchema(field: FieldModel): JsonSchema {
  const values = (field.choices ?? []).map((c) => c.value);
  const type =
    values.length > 0 && values.every((v) => typeof v === 'number')
      ? values.every((v) => Number.isInteger(v))
        ? 'integer'
        : 'number'
      : 'string';
  return { type, enum: values };
}

/** Allows `null`: `type: x` → `type: [x, 'null']`, and `null` joins an `enum`. */
function withNull(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  const types = typeof type === 'string' ? [type, 'null'] : type;
  const values = schema.enum;
  return {
    ...schema,
    type: types,
    ...(Array.isArray(values) ? { enum: [...(values as unknown[]), null] } : {}),
  };
}

function limit(key: string, value: number | undefined): Record<string, number> {
  return value === undefined ? {} : { [key]: value };
}

/**
 * One field: the OpenAPI property merged with its OPTIONS `actions.POST` entry (docs/api.md
 * "OPTIONS", "OpenAPI document"). OPTIONS wins for labels, choices, limits, `required` and
 * `read_only`; OpenAPI fills in what OPTIONS lacks (read-only fields may be missing there)
 * and alone knows `nullable`. A field with neither degrades to a `string`.
 */
import type { FieldKind } from '../descriptor-types';
import { optional } from '../lib/json';
import type { OptionsField } from '../parse/options';
import type { SchemaObject } from '../parse/openapi';
import { fieldChoices } from './choices';
import { parseDecimalPattern } from './decimal-pattern';
import { fieldKind, type KindResult } from './field-kind';
import type { FieldModel } from './field-model';
import { humanize, labelId, unitId } from './message-ids';
import { referenceTarget } from './reference';
import { resolveSchema } from './resolve-schema';
import { widgetOf } from './ui-schema';

/** What every field of one resource shares. */
export interface FieldContext {
  /** Resource name, for message ids. */
  readonly resource: string;
  /** `components.schemas`, for `$ref`s. */
  readonly schemas: ReadonlyMap<string, SchemaObject>;
  /** Names of resources with a list endpoint, for the reference name fallback. */
  readonly resources: ReadonlySet<string>;
}

/** One field's sources. */
export interface FieldInput {
  /** Field path; the last element is the wire name. */
  readonly path: readonly string[];
  /** The OpenAPI property as written (unresolved). */
  readonly schema?: SchemaObject;
  readonly options?: OptionsField;
  /** Listed in the component's `required`. */
  readonly requiredInSchema: boolean;
}

const ID_FIELD = 'id';

/** Builds one field model. */
export function transformField(ctx: FieldContext, input: FieldInput): FieldModel {
  const { path, options } = input;
  const name = path[path.length - 1] ?? '';
  const schema = input.schema === undefined ? undefined : resolveSchema(input.schema, ctx.schemas);
  const itemSchema =
    schema?.items === undefined ? undefined : resolveSchema(schema.items, ctx.schemas);
  const base = fieldKind({
    ...optional('schema', schema),
    ...optional('itemSchema', itemSchema),
    ...optional('options', options),
  });
  const reference = referenceOf(ctx, name, base, schema, itemSchema, options);
  const kind: KindResult =
    reference === undefined
      ? base
      : base.kind === 'list'
        ? { kind: 'list', itemKind: 'reference', numeric: false }
        : { kind: 'reference', numeric: false };
  const readOnly = options?.readOnly === true || schema?.readOnly === true;
  const required = !readOnly && (options === undefined ? input.requiredInSchema : options.required);
  const choiceSource = kind.kind === 'list' ? (options?.child ?? options) : options;
  const enumSchema = kind.kind === 'list' ? itemSchema : schema;
  const hasChoices = kind.kind === 'choice' || kind.itemKind === 'choice';
  const choices = hasChoices
    ? fieldChoices({
        resource: ctx.resource,
        path,
        ...optional('optionsChoices', choiceSource?.choices),
        ...optional('enumValues', enumSchema?.enum),
        ...optional('description', enumSchema?.description ?? schema?.description),
      })
    : undefined;
  const digits = kind.kind === 'decimal' ? parseDecimalPattern(schema?.pattern) : undefined;
  // The unit's code: OpenAPI `x-unit`, else (OPTIONS alone) its display form there.
  const unit = schema?.unit ?? input.schema?.unit ?? options?.unit;
  const nested = nestedFields(ctx, path, kind.kind, schema, itemSchema, options);
  return {
    name,
    kind: kind.kind,
    label: labelId(ctx.resource, path),
    required,
    readOnly,
    nullable: schema?.nullable === true,
    ...optional('default', readOnly ? undefined : schema?.default),
    ...optional('unit', unit),
    ...optional('unitLabel', unit === undefined ? undefined : unitId(ctx.resource, path)),
    ...optional('section', options?.section ?? input.schema?.section ?? schema?.section),
    ...optional('minLength', options?.minLength ?? schema?.minLength),
    ...optional('maxLength', options?.maxLength ?? schema?.maxLength),
    // Text kinds only: a decimal's pattern is DRF's digits rule, rebuilt from maxDigits.
    ...optional('pattern', isText(kind.kind) ? schema?.pattern : undefined),
    ...optional('minValue', options?.minValue ?? schema?.minimum),
    ...optional('maxValue', options?.maxValue ?? schema?.maximum),
    ...optional(
      'maxDigits',
      kind.kind === 'decimal' ? (options?.maxDigits ?? digits?.maxDigits) : undefined,
    ),
    ...optional(
      'decimalPlaces',
      kind.kind === 'decimal' ? (options?.decimalPlaces ?? digits?.decimalPlaces) : undefined,
    ),
    ...optional('choices', choices?.choices),
    ...optional('reference', reference),
    ...optional('referenceFilter', kind.kind === 'reference' ? schema?.referenceFilter : undefined),
    ...optional('itemKind', kind.itemKind),
    ...optional(
      'widget',
      widgetOf({ name, kind: kind.kind, ...optional('itemKind', kind.itemKind) }),
    ),
    writeOnly: schema?.writeOnly === true,
    numeric: kind.numeric,
    fallbackLabel: schema?.title ?? humanize(name),
    fallbackChoiceNames: choices?.fallbackNames ?? new Map(),
    ...optional('fields', nested),
  };
}

/**
 * Fields of an object in order: the OpenAPI properties first (server order), then fields only
 * OPTIONS knows. `objectSchema` is resolved; `optionsFields` are its OPTIONS children.
 */
export function transformFields(
  ctx: FieldContext,
  parentPath: readonly string[],
  objectSchema: SchemaObject | undefined,
  optionsFields: ReadonlyMap<string, OptionsField> | undefined,
): FieldModel[] {
  const properties = objectSchema?.properties ?? new Map<string, SchemaObject>();
  const names = [...properties.keys()];
  for (const name of optionsFields?.keys() ?? []) if (!properties.has(name)) names.push(name);
  const required = new Set(objectSchema?.required ?? []);
  return names.map((name) =>
    transformField(ctx, {
      path: [...parentPath, name],
      ...optional('schema', properties.get(name)),
      ...optional('options', optionsFields?.get(name)),
      requiredInSchema: required.has(name),
    }),
  );
}

/**
 * The referenced resource, for foreign-key-like fields only: `x-reference` on the property
 * or its items, OPTIONS type `field`, or (without OPTIONS) an integer or integer list.
 */
function referenceOf(
  ctx: FieldContext,
  name: string,
  base: KindResult,
  schema: SchemaObject | undefined,
  itemSchema: SchemaObject | undefined,
  options: OptionsField | undefined,
): string | undefined {
  if (name === ID_FIELD) return undefined;
  const explicit = schema?.reference ?? itemSchema?.reference;
  const integerLike = (k: FieldKind | undefined): boolean => k === 'integer' || k === 'string';
  const foreignKeyLike =
    explicit !== undefined ||
    (options !== undefined &&
      (options.type === 'field' || options.child?.type === 'field') &&
      (integerLike(base.kind) || (base.kind === 'list' && integerLike(base.itemKind)))) ||
    (options === undefined &&
      (base.kind === 'integer' || (base.kind === 'list' && base.itemKind === 'integer')));
  if (!foreignKeyLike) return undefined;
  return referenceTarget({ name, ...optional('explicit', explicit), resources: ctx.resources });
}

function nestedFields(
  ctx: FieldContext,
  path: readonly string[],
  kind: FieldKind,
  schema: SchemaObject | undefined,
  itemSchema: SchemaObject | undefined,
  options: OptionsField | undefined,
): FieldModel[] | undefined {
  if (kind === 'object') {
    if (schema?.properties === undefined && options?.children === undefined) return [];
    return transformFields(ctx, path, schema, options?.children);
  }
  if (kind === 'list' && (itemSchema?.properties !== undefined || options?.child?.children)) {
    return transformFields(ctx, path, itemSchema, options?.child?.children);
  }
  return undefined;
}

/** Kinds sent as free text, whose OpenAPI `pattern` is the field's own format rule. */
function isText(kind: FieldKind): boolean {
  return kind === 'string' || kind === 'text' || kind === 'email';
}

/**
 * Flattens a property schema as drf-spectacular writes it into one plain schema object:
 * follows `$ref`, merges `allOf` (`{allOf: [{$ref: CustomerTypeEnum}], readOnly: true}`),
 * and folds `oneOf: [XEnum, BlankEnum, NullEnum]` (a nullable choice) into `nullable` plus
 * the enum. The result has no `ref`, `allOf`, `oneOf` or `anyOf`.
 */
import type { EnumValue, SchemaObject } from '../parse/openapi';

/** A schema with nothing in it: what an unresolvable `$ref` becomes. */
export const EMPTY_SCHEMA: SchemaObject = {
  nullable: false,
  readOnly: false,
  writeOnly: false,
  required: [],
  allOf: [],
  oneOf: [],
  anyOf: [],
};

/** Resolves `schema` against `components.schemas`; cycles and dangling refs degrade to empty. */
export function resolveSchema(
  schema: SchemaObject,
  schemas: ReadonlyMap<string, SchemaObject>,
  seen: ReadonlySet<string> = new Set(),
): SchemaObject {
  let base: SchemaObject = EMPTY_SCHEMA;
  if (schema.ref !== undefined) {
    const name = componentName(schema.ref);
    const target = name === undefined || seen.has(name) ? undefined : schemas.get(name);
    if (target) base = resolveSchema(target, schemas, new Set([...seen, name ?? '']));
  }
  for (const member of schema.allOf) base = merge(base, resolveSchema(member, schemas, seen));
  const alternatives = [...schema.oneOf, ...schema.anyOf].map((m) =>
    resolveSchema(m, schemas, seen),
  );
  if (alternatives.length > 0) base = merge(base, foldAlternatives(alternatives));
  const { ref: _ref, ...rest } = schema;
  return cleanEnum(merge(base, { ...rest, allOf: [], oneOf: [], anyOf: [] }));
}

/** `#/components/schemas/CustomerTypeEnum` → `CustomerTypeEnum`. */
export function componentName(ref: string): string | undefined {
  const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
  return match?.[1];
}

/** Layers `top` over `base`: top's keywords win, flags add up. */
function merge(base: SchemaObject, top: SchemaObject): SchemaObject {
  const merged: { -readonly [K in keyof SchemaObject]: SchemaObject[K] } = { ...base };
  for (const [key, value] of Object.entries(top) as [keyof SchemaObject, unknown][]) {
    if (value === undefined) continue;
    if (key === 'nullable' || key === 'readOnly' || key === 'writeOnly') {
      merged[key] = base[key] || top[key];
    } else if (key === 'required') {
      if (top.required.length > 0) merged.required = top.required;
    } else if (key === 'allOf' || key === 'oneOf' || key === 'anyOf') {
      continue;
    } else {
      (merged as Record<string, unknown>)[key] = value;
    }
  }
  return merged;
}

/**
 * `oneOf`/`anyOf` alternatives: `NullEnum` (`enum: [null]`) makes the field nullable,
 * `BlankEnum` (`enum: ['']`) only allows blank and is dropped; what remains is merged when
 * it is one schema, or its enums united when all are enums. Anything else keeps the first.
 */
function foldAlternatives(alternatives: readonly SchemaObject[]): SchemaObject {
  const isOnly = (s: SchemaObject, v: EnumValue): boolean =>
    s.enum !== undefined && s.enum.length > 0 && s.enum.every((e) => e === v);
  const nullable = alternatives.some((s) => isOnly(s, null) || s.type === 'null' || s.nullable);
  const rest = alternatives.filter((s) => !isOnly(s, null) && !isOnly(s, '') && s.type !== 'null');
  let folded: SchemaObject = rest[0] ?? EMPTY_SCHEMA;
  if (rest.length > 1 && rest.every((s) => s.enum !== undefined)) {
    folded = { ...folded, enum: rest.flatMap((s) => s.enum ?? []) };
  }
  return { ...folded, nullable: folded.nullable || nullable };
}

/** Drops `null` (→ nullable) and `''` (blank) from an enum and infers a missing `type`. */
function cleanEnum(schema: SchemaObject): SchemaObject {
  if (schema.enum === undefined) return schema;
  const values = schema.enum.filter((v) => v !== null && v !== '');
  const nullable = schema.nullable || schema.enum.includes(null);
  const type =
    schema.type ??
    (values.length > 0 && values.every((v) => typeof v === 'number')
      ? values.every((v) => Number.isInteger(v))
        ? 'integer'
        : 'number'
      : values.every((v) => typeof v === 'boolean') && values.length > 0
        ? 'boolean'
        : 'string');
  return { ...schema, enum: [...new Set(values)], nullable, type };
}

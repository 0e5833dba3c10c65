/**
 * How the dialog's form merges an `allOf` once rjsf has resolved its members against the
 * data (rjsf's `experimental_customMergeAllOf`). The generated form schemas use `allOf`
 * only for the `if`/`then` rules of conditional fields (codegen/transform/form-schema.ts:
 * each `then` adds `required` names and `minLength: 1` to text fields), and rjsf resolves
 * the schema again on every render and every keystroke: its default merger
 * (json-schema-merge-allof, which handles any JSON Schema) cost some 40 ms of a customer
 * dialog's first render on the 2-core machine. This one merges the keywords such members
 * carry as JSON Schema means them: both apply.
 */
import type { RJSFSchema } from '@rjsf/utils';

type Schema = Record<string, unknown>;

/** Keywords whose larger value is the stricter (both apply, so the larger holds). */
const LOWER_BOUNDS = new Set(['minLength', 'minimum', 'minItems', 'minProperties']);
/** Keywords whose smaller value is the stricter. */
const UPPER_BOUNDS = new Set(['maxLength', 'maximum', 'maxItems', 'maxProperties']);

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `a` and `b` as one schema both hold for: `required` lists joined (no name twice, sorted), object
 * keywords (`properties`, a property's schema) merged key by key, the stricter of two
 * numeric bounds, otherwise `b`'s value. Neither argument is changed.
 */
function mergeTwo(a: Schema, b: Schema): Schema {
  const merged: Schema = { ...a };
  for (const [key, right] of Object.entries(b)) {
    const left = merged[key];
    if (key === 'required' && Array.isArray(left) && Array.isArray(right)) {
      merged[key] = [...new Set([...left, ...right])].sort();
    } else if (isSchema(left) && isSchema(right)) {
      merged[key] = mergeTwo(left, right);
    } else if (typeof left === 'number' && typeof right === 'number' && LOWER_BOUNDS.has(key)) {
      merged[key] = Math.max(left, right);
    } else if (typeof left === 'number' && typeof right === 'number' && UPPER_BOUNDS.has(key)) {
      merged[key] = Math.min(left, right);
    } else {
      merged[key] = right;
    }
  }
  return merged;
}

/**
 * `schema` with its `allOf` members (already resolved by rjsf: no `if` left in them) merged
 * into it and the `allOf` removed, e.g. `{required: ['type'], allOf: [{required:
 * ['crn'], properties: {crn: {minLength: 1}}}]}` → `{required: ['crn', 'type'],
 * properties: {crn: {minLength: 1}}}`: the same schema, `deepEquals`, as rjsf's default
 * merger gives for the generated rules. A `true` member adds nothing; the schema is
 * returned unchanged when it has no `allOf`.
 */
export function mergeAllOf(schema: RJSFSchema): RJSFSchema {
  const { allOf, ...base } = schema;
  if (!Array.isArray(allOf)) return schema;
  const merged = allOf.reduce<Schema>(
    (merged, member) => (isSchema(member) ? mergeTwo(merged, member) : merged),
    base,
  );
  // Sorted as json-schema-merge-allof sorts it: rjsf's precompiled validator resolves the
  // form's schema again with that library and refuses a schema that is not deep-equal
  // (`deepEquals`, which minds the order of an array) to what it gets.
  if (Array.isArray(merged.required)) merged.required = [...merged.required].sort();
  return merged as RJSFSchema;
}

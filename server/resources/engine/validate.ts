/**
 * Validation of create / update bodies, in DRF's order (docs/api.md "Errors"):
 * 1. the body must be a JSON object (`non_field_errors`);
 * 2. each writable field: presence (`required`), null, its type's checks, its validators;
 * then the resource's `authorizeWrite` hook may refuse the change (403, nothing written;
 * when stage 2 found errors, a refusal answers those errors instead, as before);
 * 3. against the database (after locking the parent row when the resource declares
 *    `lockParent`): unique fields, existence of referenced rows;
 * 4. the resource's own `validate` hook (cross-field rules), given the values that passed
 *    stages 2–3 (a field that failed is absent, as if not sent);
 * then the `beforeWrite` hook makes the changes to other rows the write implies.
 * Stages 2–4 answer together: one 400 with every field's errors (docs/product.md: a clerk fixes
 * a form in one round), each field keeping its first stage's errors, fields in declaration
 * order as DRF lists them. Unknown and read-only keys are ignored, as DRF does.
 */
import { withSeriesNumbers } from './defaults';
import { and, eq, getTableColumns, ne } from 'drizzle-orm';
import type { Principal } from '../../auth/principal';
import type { Database } from '../../db/client';
import { ValidationError, addError, type FieldErrors } from '../../http/errors';
import { messages } from '../../i18n/messages';
import { pythonTypeName } from './codecs';
import { assertWriteAuthorized } from './authorize';
import { lockParents } from './locks';
import { checkReferences } from './references';
import type { CompiledResource, ResourceRegistry } from './registry';
import { fieldValues, type Row } from './serialize';

/** `create` (POST), `replace` (PUT: all required fields again) or `update` (PATCH). */
export type WriteMode = 'create' | 'replace' | 'update';

/** What {@link validateWrite} needs besides the body. */
export interface WriteContext {
  readonly db: Database;
  readonly registry: ResourceRegistry;
  readonly mode: WriteMode;
  /** The stored row on replace / update. */
  readonly existing?: Row;
  /** The authenticated user making the write. */
  readonly principal: Principal;
  /**
   * A dry run (`?validate=1`, docs/api.md "Dry run"): every check, nothing written, no
   * `beforeWrite`; the values are returned unencoded.
   */
  readonly dryRun?: boolean;
}

function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The values of a body's fields that parsed, and the errors of those that did not. */
export interface ParsedBody {
  readonly values: Record<string, unknown>;
  readonly errors: FieldErrors;
}

/** Stage 1–2: parses the body into field name → value, throwing {@link ValidationError}. */
export function parseBody(
  resource: CompiledResource,
  body: unknown,
  mode: WriteMode,
): Record<string, unknown> {
  const { values, errors } = collectBody(resource, body, mode);
  if (hasErrors(errors)) throw new ValidationError(errors);
  return values;
}

/**
 * Stage 1–2 without throwing on field errors: the values that parsed and the errors of the
 * fields that did not (a body that is not an object still throws).
 */
export function collectBody(
  resource: CompiledResource,
  body: unknown,
  mode: WriteMode,
): ParsedBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ValidationError({
      non_field_errors: [messages.notADictionary(pythonTypeName(body))],
    });
  }
  const input = body as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const field of resource.fields) {
    if (!field.writable) continue;
    const { def } = field;
    let raw = Object.hasOwn(input, field.name) ? input[field.name] : undefined;
    if (raw === undefined) {
      if (mode === 'update') continue;
      if (def.required) {
        addError(errors, field.name, messages.required);
        continue;
      }
      if (mode !== 'create' || def.default === undefined) continue;
      raw = def.default;
    }
    if (raw === null) {
      if (def.nullable) values[field.name] = null;
      else addError(errors, field.name, messages.notNull);
      continue;
    }
    const parsed = field.codec.fromJson(raw, def);
    if (!parsed.ok) {
      errors[field.name] = [...parsed.errors];
      continue;
    }
    for (const validator of def.validators ?? []) {
      const message = validator(parsed.value);
      if (message) addError(errors, field.name, message);
    }
    if (errors[field.name] === undefined) values[field.name] = parsed.value;
  }
  return { values, errors };
}

/**
 * The resource's `conditions`: a required field of a condition that holds, missing (absent,
 * null or blank) in the values the write leaves, gets the condition's message, unless it
 * has an error already (adds to `errors`).
 */
function conditionErrors(
  resource: CompiledResource,
  values: Readonly<Record<string, unknown>>,
  existing: Readonly<Record<string, unknown>> | undefined,
  errors: FieldErrors,
): void {
  const resulting = (name: string) => (name in values ? values[name] : existing?.[name]);
  for (const condition of resource.def.conditions ?? []) {
    if (!condition.values.includes(resulting(condition.field) as string | boolean)) continue;
    for (const name of condition.required ?? []) {
      const value = resulting(name);
      if (errors[name] === undefined && (value === undefined || value === null || value === ''))
        addError(errors, name, condition.message ?? messages.required);
    }
  }
}

/** Adds `extra`'s errors to `errors` for the fields that have none yet. */
function mergeNew(errors: FieldErrors, extra: FieldErrors | undefined): void {
  for (const [name, list] of Object.entries(extra ?? {}))
    if (errors[name] === undefined && list.length > 0) errors[name] = [...list];
}

/** `errors` with fields in `resource`'s declaration order, `non_field_errors` first. */
function ordered(resource: CompiledResource, errors: FieldErrors): FieldErrors {
  const result: FieldErrors = {};
  const names = ['non_field_errors', ...resource.fields.map((field) => field.name)];
  for (const name of [...names, ...Object.keys(errors)])
    if (errors[name] !== undefined && result[name] === undefined) result[name] = errors[name];
  return result;
}

/**
 * Validates `body` for a write of `resource` and returns the values to store, keyed by
 * column property name (encoded, e.g. password hashed). Throws {@link ValidationError}, or
 * a 403 `ApiError` when the resource's `authorizeWrite` hook refuses the change.
 */
export async function validateWrite(
  resource: CompiledResource,
  body: unknown,
  context: WriteContext,
): Promise<Record<string, unknown>> {
  // A create leaving out a number of a series gets the next one (docs/api.md "Defaults").
  const filled =
    context.mode === 'create' ? await withSeriesNumbers(context.db, resource, body) : body;
  const parsed = collectBody(resource, filled, context.mode);
  const values = parsed.values;
  const errors: FieldErrors = { ...parsed.errors };
  const { db, existing, principal } = context;
  // Before any check reads the database: concurrent writes under one parent queue here.
  await lockParents(db, context.registry, resource, values, existing);
  const existingValues = existing && fieldValues(resource, existing);
  try {
    await assertWriteAuthorized(resource, {
      operation: context.mode,
      values,
      existing: existingValues,
      principal,
      db,
    });
  } catch (refusal) {
    // A body with field errors answers them, not the refusal, and reads nothing more.
    if (hasErrors(errors)) throw new ValidationError(ordered(resource, errors));
    throw refusal;
  }

  for (const field of resource.fields) {
    const value = values[field.name];
    if (!field.def.unique || value === undefined || value === null) continue;
    const sameValue = eq(field.column, value);
    const [clash] = await db
      .select({ id: resource.id.column })
      .from(resource.def.table)
      .where(
        existing
          ? and(sameValue, ne(resource.id.column, existing[resource.id.columnKey]))
          : sameValue,
      )
      .limit(1);
    if (clash)
      addError(errors, field.name, messages.unique(resource.def.labels.singular, field.def.label));
  }
  const referenceErrors = await checkReferences(db, context.registry, resource, values);
  for (const [name, list] of Object.entries(referenceErrors))
    errors[name] = [...(errors[name] ?? []), ...list];

  conditionErrors(resource, values, existingValues, errors);

  // The rules see only values that passed, so a rule never repeats a field's own error.
  const checked = Object.fromEntries(
    Object.entries(values).filter(([name]) => errors[name] === undefined),
  );
  const hookContext = { values: checked, existing: existingValues, db, principal };
  mergeNew(errors, await resource.def.validate?.(hookContext));
  if (hasErrors(errors)) throw new ValidationError(ordered(resource, errors));
  if (context.dryRun) return values;
  const derived = await resource.def.beforeWrite?.({ ...hookContext, mode: context.mode });
  if (derived) Object.assign(values, derived);

  const row: Record<string, unknown> = {};
  for (const field of resource.fields) {
    if (!(field.name in values)) continue;
    const value = values[field.name];
    row[field.columnKey] =
      field.def.encode && value !== null ? await field.def.encode(value) : value;
    if (field.def.alsoWrites && value !== null) {
      const keys = new Map(
        Object.entries(getTableColumns(resource.def.table)).map(([key, column]) => [column, key]),
      );
      for (const [column, extra] of field.def.alsoWrites()) {
        const key = keys.get(column);
        if (key === undefined) throw new Error(`${field.name}: alsoWrites a foreign column`);
        row[key] = extra;
      }
    }
  }
  return row;
}

/**
 * Validation of create / update bodies, in DRF's order (docs/api.md "Errors"):
 * 1. the body must be a JSON object (`non_field_errors`);
 * 2. each writable field: presence (`required`), null, its type's checks, its validators;
 * then the resource's `authorizeWrite` hook may refuse the change (403, nothing written);
 * 3. against the database (after locking the parent row when the resource declares
 *    `lockParent`): unique fields, existence of referenced rows;
 * 4. the resource's own `validate` hook (cross-field rules);
 * then the `beforeWrite` hook makes the changes to other rows the write implies.
 * Each stage answers 400 with every error it found; later stages run only when earlier
 * ones pass. Unknown and read-only keys are ignored, as DRF does.
 */
import { and, eq, getTableColumns, ne } from 'drizzle-orm';
import type { Principal } from '../../auth/principal';
import type { Database } from '../../db/client';
import { ValidationError, addError, type FieldErrors } from '../../http/errors';
import { messages } from '../../i18n/messages';
import { pythonTypeName } from './codecs/codec';
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
}

function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** Stage 1–2: parses the body into field name → value, throwing {@link ValidationError}. */
export function parseBody(
  resource: CompiledResource,
  body: unknown,
  mode: WriteMode,
): Record<string, unknown> {
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
    values[field.name] = parsed.value;
  }
  if (hasErrors(errors)) throw new ValidationError(errors);
  return values;
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
  const values = parseBody(resource, body, context.mode);
  const { db, existing, principal } = context;
  // Before any check reads the database: concurrent writes under one parent queue here.
  await lockParents(db, context.registry, resource, values, existing);
  const existingValues = existing && fieldValues(resource, existing);
  await assertWriteAuthorized(resource, {
    operation: context.mode,
    values,
    existing: existingValues,
    principal,
    db,
  });

  const errors: FieldErrors = {};
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
  if (hasErrors(errors) || hasErrors(referenceErrors)) {
    // One answer, fields in declaration order as DRF lists them.
    const ordered: FieldErrors = {};
    for (const field of resource.fields) {
      const found = [...(errors[field.name] ?? []), ...(referenceErrors[field.name] ?? [])];
      if (found.length > 0) ordered[field.name] = found;
    }
    throw new ValidationError(ordered);
  }

  const hookContext = { values, existing: existingValues, db, principal };
  const hookErrors = await resource.def.validate?.(hookContext);
  if (hookErrors && hasErrors(hookErrors)) throw new ValidationError(hookErrors);
  await resource.def.beforeWrite?.({ ...hookContext, mode: context.mode });

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

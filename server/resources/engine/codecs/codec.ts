/**
 * A field codec converts one field type between its three outside forms and the stored
 * value: JSON request bodies (with DRF's validation messages), stored values back to JSON
 * (docs/api.md "Base, format, auth"), and list query text (`filter`, `lte`, `gte`).
 */
import type { Text } from '../../../i18n/text';
import type { FieldDefinition, JsonValue, Parsed } from '../types';

/** Conversions of one field type; see the module comment. */
export interface FieldCodec<F extends FieldDefinition = FieldDefinition> {
  /** A JSON request value (never null or undefined; the caller handles those) → stored value. */
  fromJson(input: unknown, field: F): Parsed;
  /** A stored non-null value → its JSON form. */
  toJson(stored: unknown, field: F): JsonValue;
  /** The text of a list query value → the value to compare the column with. */
  fromQuery(query: string, field: F): Parsed;
}

/** A successful {@link Parsed}. */
export function ok<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

/** A failed {@link Parsed} with one or more messages. */
export function fail(...errors: Text[]): Parsed<never> {
  return { ok: false, errors };
}

/** Python's name for the type of a JSON value, as DRF's messages print it. */
export function pythonTypeName(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string':
      return 'str';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(value) ? 'int' : 'float';
    default:
      return 'dict';
  }
}

/** DRF refuses numeric strings longer than this ("String value too large."). */
export const MAX_NUMBER_STRING_LENGTH = 1000;

/** PostgreSQL `integer` bounds. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

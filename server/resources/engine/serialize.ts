/**
 * Stored rows to JSON answers (docs/api.md "Base, format, auth": decimals as fixed-place
 * strings, dates `YYYY-MM-DD`, date-times ISO 8601), and the ETag of a row.
 */
import { createHash } from 'node:crypto';
import type { CompiledResource } from './registry';
import { TITLE_KEY_PREFIX, embeddedTitleName, titleKey } from './titles';
import type { JsonValue } from './types';

/** A row as Drizzle selects it: column property name → value. */
export type Row = Readonly<Record<string, unknown>>;

/**
 * The JSON answer for `row`: every readable field, in declaration order, each reference
 * followed by its embedded title (`x_title` / `x_titles`) when `row` was selected with
 * them (`titles.ts` `rowSelection`).
 */
export function serializeRow(resource: CompiledResource, row: Row): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const field of resource.fields) {
    if (!field.readable) continue;
    const value = row[field.columnKey];
    out[field.name] =
      value === null || value === undefined ? null : field.codec.toJson(value, field.def);
    const titleName = embeddedTitleName(field);
    const key = titleKey(field);
    if (titleName !== undefined && key in row) out[titleName] = (row[key] ?? null) as JsonValue;
  }
  return out;
}

/** The row's values by field name (all fields, write-only included), for hooks. */
export function fieldValues(resource: CompiledResource, row: Row): Record<string, unknown> {
  return Object.fromEntries(resource.fields.map((field) => [field.name, row[field.columnKey]]));
}

/**
 * A strong ETag over every stored column (write-only ones too, so a password change makes
 * earlier ETags stale): `"<sha-256 prefix, base64url>"`.
 */
export function etagOf(row: Row): string {
  // Embedded titles are not stored in the row: renaming a referenced row is no change of it.
  const stored = Object.entries(row).filter(([key]) => !key.startsWith(TITLE_KEY_PREFIX));
  const canonical = JSON.stringify(stored, (_key, value: unknown) =>
    value instanceof Date ? value.toISOString() : value,
  );
  return `"${createHash('sha256').update(canonical).digest('base64url').slice(0, 27)}"`;
}

/**
 * True when an `If-Match` header value allows changing a row whose ETag is `etag`
 * (RFC 9110 §13.1.1: `*` or a list containing it; weak tags never match).
 */
export function ifMatchAllows(header: string | undefined, etag: string): boolean {
  if (header === undefined) return true;
  const trimmed = header.trim();
  if (trimmed === '*') return true;
  return trimmed.split(',').some((candidate) => candidate.trim() === etag);
}

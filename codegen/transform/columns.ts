/**
 * Default list columns (docs/product.md §2 list pages): title fields first, then
 * other scalar fields.
 */
import type { FieldKind } from '../descriptor-types';
import type { FieldModel } from './field-model';

/** At most this many default columns; people can show more. */
export const MAX_COLUMNS = 8;

/** Kinds that fit a table cell (no `text`, no objects; lists only of the kinds below). */
export const SCALAR_KINDS: ReadonlySet<FieldKind> = new Set([
  'string',
  'email',
  'integer',
  'decimal',
  'date',
  'datetime',
  'boolean',
  'choice',
  'reference',
]);

/** Item kinds of a list that still fit a cell, joined as text (`Clerk, Administrator`). */
const LIST_ITEM_KINDS: ReadonlySet<FieldKind> = new Set(['reference', 'choice']);

function fitsCell(field: FieldModel): boolean {
  if (SCALAR_KINDS.has(field.kind)) return true;
  return (
    field.kind === 'list' && field.itemKind !== undefined && LIST_ITEM_KINDS.has(field.itemKind)
  );
}

/**
 * Columns: `titleFields`, then scalar fields (and lists of references or choices) in field
 * order, skipping write-only fields and the id field (read-only fields are fine), capped at
 * {@link MAX_COLUMNS}. The id is never a default column, not even as a title field (docs/product.md:
 * "the `id` column hidden by default and not first"); the runtime offers it last.
 */
export function columns(
  fields: readonly FieldModel[],
  titleFields: readonly string[],
  idField: string,
): string[] {
  const rest = fields
    .filter((f) => fitsCell(f) && !f.writeOnly && f.name !== idField)
    .map((f) => f.name)
    .filter((name) => !titleFields.includes(name));
  const titles = titleFields.filter((name) => name !== idField);
  return [...titles, ...rest].slice(0, MAX_COLUMNS);
}

/**
 * The rows a list has selected for a bulk action (docs/api.md "Bulk actions"), as plain
 * data: either rows picked one by one (across pages; each kept whole, for its title in the
 * summary and for the CSV export), or every row the list's current query matches ("select
 * all N matching"), which the server resolves from the query itself, not from ids fetched
 * page by page.
 */
import type { ResourceRow, RowId } from '../descriptor';

/** Nothing, some rows by id (insertion order), or all rows matching the list's query. */
export type Selection =
  | { readonly kind: 'rows'; readonly rows: ReadonlyMap<string, ResourceRow> }
  | { readonly kind: 'matching'; readonly count: number };

/** No row selected. */
export const NO_SELECTION: Selection = { kind: 'rows', rows: new Map() };

/** The key a row is selected under: its id as text, or undefined for a row without one. */
export function rowKey(row: ResourceRow, idField: string): string | undefined {
  const id = row[idField];
  return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
}

/** How many rows `selection` holds. */
export function selectedCount(selection: Selection): number {
  return selection.kind === 'matching' ? selection.count : selection.rows.size;
}

/** Whether `row` is selected (every row is, in a `matching` selection). */
export function isSelected(selection: Selection, row: ResourceRow, idField: string): boolean {
  if (selection.kind === 'matching') return true;
  const key = rowKey(row, idField);
  return key !== undefined && selection.rows.has(key);
}

/**
 * `rows` set to `selected` (added, or removed) in `selection`; a `matching` selection
 * becomes the page's rows first, so unticking one row of "all N" keeps the others shown.
 */
export function setRows(
  selection: Selection,
  rows: readonly ResourceRow[],
  idField: string,
  selected: boolean,
  page: readonly ResourceRow[] = rows,
): Selection {
  const base =
    selection.kind === 'matching'
      ? new Map(page.flatMap((row) => keyed(row, idField)))
      : new Map(selection.rows);
  for (const row of rows) {
    const key = rowKey(row, idField);
    if (key === undefined) continue;
    if (selected) base.set(key, row);
    else base.delete(key);
  }
  return { kind: 'rows', rows: base };
}

function keyed(row: ResourceRow, idField: string): [string, ResourceRow][] {
  const key = rowKey(row, idField);
  return key === undefined ? [] : [[key, row]];
}

/** `'none'`, `'some'` or `'all'` of `page`'s rows are selected (the header's checkbox). */
export function pageState(
  selection: Selection,
  page: readonly ResourceRow[],
  idField: string,
): 'none' | 'some' | 'all' {
  if (page.length === 0) return 'none';
  const picked = page.filter((row) => isSelected(selection, row, idField)).length;
  return picked === 0 ? 'none' : picked === page.length ? 'all' : 'some';
}

/** The selected rows' ids (a `rows` selection), typed as the rows carry them. */
export function selectedIds(selection: Selection, idField: string): RowId[] {
  if (selection.kind === 'matching') return [];
  return [...selection.rows.values()].map((row) => row[idField] as RowId);
}

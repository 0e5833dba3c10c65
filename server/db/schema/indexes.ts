/**
 * Index builders for the list engine's queries (`resources/engine/list-query.ts`), so a
 * page of 25, a search and a sort stay fast at a million rows:
 * - a text sort orders by `joule_fold(column)`, then the column, then `id`: a B-tree on
 *   exactly that serves sorted pages (and keyset pages) without sorting the table;
 * - search is `joule_fold(column::text) LIKE joule_fold('%term%')`: a GIN trigram index
 *   (pg_trgm, migration 0008) on `joule_fold(column)` answers it from the index. On big
 *   tables a stored `search` column ({@link searchText}) with one trigram index is better:
 *   the index's recheck then reads a stored value instead of calling `joule_fold` (an SQL
 *   function, several microseconds a call) for every field of every candidate row.
 * `joule_fold` is the IMMUTABLE accent- and case-folding function of migration 0001.
 */
import { sql } from 'drizzle-orm';
import { index, text, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** `<table>_<field>_fold_idx` on (joule_fold(column), column, id) for each column. */
export function foldedSortIndexes(
  table: string,
  id: AnyPgColumn,
  columns: Readonly<Record<string, AnyPgColumn>>,
) {
  return Object.entries(columns).map(([name, column]) =>
    index(`${table}_${name}_fold_idx`).on(sql`joule_fold(${column})`, column, id),
  );
}


/**
 * A stored generated `search` column: `joule_fold` of the given NOT NULL text columns
 * joined by newlines (the resource's `searchColumn`).
 */
export function searchText(columns: readonly string[]) {
  const joined = columns.map((name) => `"${name}"`).join(" || E'\\n' || ");
  return text('search')
    .notNull()
    .generatedAlwaysAs(sql.raw(`joule_fold(${joined})`));
}

/** `<table>_search_trgm_idx`: GIN trigram index on the stored search column. */
export function searchTextIndex(table: string, column: AnyPgColumn) {
  return index(`${table}_search_trgm_idx`).using('gin', sql`${column} gin_trgm_ops`);
}

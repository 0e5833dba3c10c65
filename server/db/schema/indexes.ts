/**
 * Index builders for the list engine's queries (`resources/engine/list-query.ts`), so a
 * page of 25, a search and a sort stay fast at a million rows:
 * - a text sort orders by `joule_fold(column)`, then the column, then `id`: a B-tree on
 *   exactly that serves sorted pages (and keyset pages) without sorting the table;
 * - search is `joule_fold(column::text) LIKE joule_fold('%term%')`: a GIN trigram index
 *   (pg_trgm, migration 0008) on `joule_fold(column)` answers it from the index.
 * `joule_fold` is the IMMUTABLE accent- and case-folding function of migration 0001.
 */
import { sql } from 'drizzle-orm';
import { index, type AnyPgColumn } from 'drizzle-orm/pg-core';

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

/** `<table>_<field>_trgm_idx`: GIN trigram index on joule_fold(column) for each column. */
export function trigramIndexes(table: string, columns: Readonly<Record<string, AnyPgColumn>>) {
  return Object.entries(columns).map(([name, column]) =>
    index(`${table}_${name}_trgm_idx`).using('gin', sql`joule_fold(${column}) gin_trgm_ops`),
  );
}

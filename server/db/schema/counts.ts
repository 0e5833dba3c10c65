import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Exact row counts of the resource tables, so an unfiltered list answers its `count`
 * without counting the table on every request (issue "Load"). One row per table, keyed by
 * its schema-qualified name (`public.customers`); kept by the statement-level triggers
 * `resources/engine/row-counts.ts` installs on every registered resource's table (function
 * `joule_count_rows` of migration 0013), in the same transaction as the change, so the
 * number is exact for every committed state. A table without a row here is counted with
 * `count(*)`.
 */
export const rowCounts = pgTable('row_counts', {
  tableName: text('table_name').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

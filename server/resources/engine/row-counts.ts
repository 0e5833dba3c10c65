/**
 * Maintained row counts (issue "Load"): an unfiltered list answers its `count` from the
 * `row_counts` table (`db/schema/counts.ts`) instead of counting the whole table on every
 * request, which was half the time of a first page of 100,000 customers. Filtered lists
 * still count with `count(*)`.
 *
 * {@link installRowCounts} puts three statement-level triggers (function
 * `joule_count_rows`, migration 0013) on the table of every registered resource when the
 * server starts, so a new resource is counted without a line of its own:
 * - `AFTER INSERT ... REFERENCING NEW TABLE` adds the statement's inserted rows,
 * - `AFTER DELETE ... REFERENCING OLD TABLE` subtracts its deleted rows,
 * - `AFTER TRUNCATE` sets the count to 0,
 * each once per statement (a bulk insert of a million readings updates the count once) and
 * in the statement's own transaction, so a rolled-back change leaves the count alone and
 * every committed state has its exact count. The cost: writers to one table queue on its
 * count's row from their insert or delete until they commit (as they would on a counter in
 * any other table).
 */
import { eq, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { rowCounts } from '../../db/schema';
import type { CompiledResource } from './registry';

/** The triggers' names, the same on every counted table. */
const TRIGGERS = {
  insert: 'joule_row_count_insert',
  delete: 'joule_row_count_delete',
  truncate: 'joule_row_count_truncate',
} as const;

interface TableName {
  readonly schema: string;
  readonly name: string;
  /** `schema.name`, unquoted: the key in `row_counts` (what the trigger function builds). */
  readonly key: string;
}

const names = new WeakMap<PgTable, TableName>();

function tableName(table: PgTable): TableName {
  let found = names.get(table);
  if (!found) {
    const config = getTableConfig(table);
    const schema = config.schema ?? 'public';
    found = { schema, name: config.name, key: `${schema}.${config.name}` };
    names.set(table, found);
  }
  return found;
}

/**
 * Installs the counting triggers on the table of every resource in `resources` where they
 * are missing, and counts the table once into `row_counts` where its row is missing. A
 * table that does not exist (yet) is skipped: its lists count with `count(*)` until the
 * next start installs its triggers.
 * Idempotent and cheap when everything is in place (one query a table), so it runs at every
 * start; safe with several instances starting at once. Each table is done in its own
 * transaction holding a SHARE ROW EXCLUSIVE lock (which writers wait for) from before the
 * triggers exist until the count is stored, so no write is missed or counted twice.
 *
 * @throws the database's error when the tables are not this role's (CREATE TRIGGER needs
 *   ownership) or migration 0013 is missing.
 */
export async function installRowCounts(
  db: Database,
  resources: readonly CompiledResource[],
): Promise<void> {
  const tables = new Map<string, TableName>();
  for (const resource of resources) {
    const table = tableName(resource.def.table);
    tables.set(table.key, table);
  }
  for (const table of tables.values()) {
    const qualified = sql`${sql.identifier(table.schema)}.${sql.identifier(table.name)}`;
    const regclass = `"${table.schema}"."${table.name}"`;
    const state = (await db.execute(sql`
      select
        to_regclass(${regclass}) is not null as present,
        (select count(*)::int from pg_trigger
          where tgrelid = to_regclass(${regclass})
            and tgname in (${TRIGGERS.insert}, ${TRIGGERS.delete}, ${TRIGGERS.truncate}))
          as triggers,
        exists (select 1 from row_counts where table_name = ${table.key}) as counted
    `)) as unknown as { rows: { present: boolean; triggers: number; counted: boolean }[] };
    const row = state.rows[0];
    if (!row?.present || (row.triggers === 3 && row.counted)) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${qualified} in share row exclusive mode`);
      await tx.execute(sql`
        create or replace trigger ${sql.identifier(TRIGGERS.insert)}
        after insert on ${qualified} referencing new table as joule_changed_rows
        for each statement execute function public.joule_count_rows()`);
      await tx.execute(sql`
        create or replace trigger ${sql.identifier(TRIGGERS.delete)}
        after delete on ${qualified} referencing old table as joule_changed_rows
        for each statement execute function public.joule_count_rows()`);
      await tx.execute(sql`
        create or replace trigger ${sql.identifier(TRIGGERS.truncate)}
        after truncate on ${qualified}
        for each statement execute function public.joule_count_rows()`);
      // Under the lock: every committed row is visible, no uncommitted write is pending.
      await tx.execute(sql`
        insert into row_counts (table_name, n)
        select ${table.key}, count(*) from ${qualified}
        on conflict (table_name) do update set n = excluded.n`);
    });
  }
}

/**
 * The maintained number of rows of `table` (see {@link installRowCounts}), or undefined
 * when the table is not counted (no row in `row_counts`): the caller then counts itself.
 */
export async function maintainedCount(db: Database, table: PgTable): Promise<number | undefined> {
  const [row] = await db
    .select({ n: rowCounts.n })
    .from(rowCounts)
    .where(eq(rowCounts.tableName, tableName(table).key));
  return row?.n;
}

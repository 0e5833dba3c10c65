/**
 * Runs a parsed list query and shapes DRF's paginated answer
 * `{"count", "next", "previous", "results"}` with absolute `next` / `previous` URLs
 * (docs/api.md "Lists").
 *
 * Two things keep big tables fast (issue "Load"): an unfiltered list takes its `count` from
 * the maintained row count (`row-counts.ts`) instead of counting the table, and a page past
 * the first finds its ids before reading rows (see {@link pageRows}).
 */
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { ValidationError, detailError } from '../../http/errors';
import { absoluteUrlWith } from '../../http/urls';
import { messages } from '../../i18n/messages';
import { keysetCondition, orderBy } from './keyset';
import type { ListQuery } from './list-query';
import type { CompiledResource, ResourceRegistry } from './registry';
import { pageAnswer } from './page-answer';
import { maintainedCount } from './row-counts';
import { requestLang } from '../../http/request-lang';
import { rowSelection } from './titles';
import { serializeRow, type Row } from './serialize';
import type { JsonValue } from './types';

/** DRF's paginated list answer. */
export interface ListAnswer {
  readonly count: number;
  readonly next: string | null;
  readonly previous: string | null;
  readonly results: Record<string, JsonValue>[];
}

/**
 * How many rows `query` matches: the maintained count when nothing narrows the list (no
 * search, filter, bounds or extra parameter), else `count(*)`.
 */
async function countRows(
  db: Database,
  resource: CompiledResource,
  query: ListQuery,
): Promise<number> {
  const { table } = resource.def;
  if (query.where === undefined) {
    const maintained = await maintainedCount(db, table);
    if (maintained !== undefined) return maintained;
  }
  const [counted] = await db.select({ n: count() }).from(table).where(query.where);
  return Number(counted?.n ?? 0);
}

/**
 * The rows of one numbered page. The first page reads its rows directly. A later page first
 * finds the ids of its rows (`SELECT id ... ORDER BY ... OFFSET ... LIMIT`), then reads
 * those rows: with OFFSET the database produces every skipped row too, and a whole row
 * sorted by folded text carries `joule_fold(column)`, computed again for each of the
 * 50,000 rows skipped to reach page 2,000 (about 1 µs each, over 80 % of the query),
 * while the id alone comes from an index-only scan of the sort index that holds the folded
 * value. Same rows in the same order: the order ends with the id, so it is total.
 */
async function pageRows(
  db: Database,
  resource: CompiledResource,
  selection: ReturnType<typeof rowSelection>,
  query: ListQuery,
  offset: number,
  size: number,
): Promise<Row[]> {
  const { table } = resource.def;
  const order = orderBy(query.order);
  if (offset === 0) {
    return db
      .select(selection)
      .from(table)
      .where(query.where)
      .orderBy(...order)
      .limit(size);
  }
  const ids = db
    .select({ id: resource.id.column })
    .from(table)
    .where(query.where)
    .orderBy(...order)
    .limit(size)
    .offset(offset);
  return db
    .select(selection)
    .from(table)
    .where(inArray(resource.id.column, ids))
    .orderBy(...order);
}

/** Runs `query` on `resource` and builds the answer for `request`. */
export async function runList(
  db: Database,
  registry: ResourceRegistry,
  resource: CompiledResource,
  query: ListQuery,
  request: FastifyRequest,
): Promise<ListAnswer> {
  const { table } = resource.def;
  const { paging } = query;
  // The page's rows with the titles of the rows they reference, in this one query.
  const selection = rowSelection(registry, resource, requestLang(request));

  if (paging.kind === 'page') {
    const offset = (paging.page - 1) * paging.size;
    let total: number;
    let rows: Row[];
    if (offset === 0) {
      // The first page exists whatever the count: ask for both at once (on PostgreSQL two
      // pool connections), one round trip less.
      [total, rows] = await Promise.all([
        countRows(db, resource, query),
        pageRows(db, resource, selection, query, offset, paging.size),
      ]);
    } else {
      // Counted first, so a page beyond the rows is a 404 before any OFFSET is run
      // (`list-query.ts` parsePaging).
      total = await countRows(db, resource, query);
      if (offset >= total) throw detailError(404, messages.invalidPage);
      rows = await pageRows(db, resource, selection, query, offset, paging.size);
    }
    const results = rows.map((row) => serializeRow(resource, row));
    return pageAnswer(request, paging.page, offset, total, results);
  }

  const total = await countRows(db, resource, query);
  const [anchor] = await db.select().from(table).where(eq(resource.id.column, paging.afterId));
  if (!anchor) {
    throw new ValidationError({ page_after_id: [messages.pkDoesNotExist(String(paging.afterId))] });
  }
  const forward = paging.direction === 'next';
  const fetched: Row[] = await db
    .select(selection)
    .from(table)
    .where(and(query.where, keysetCondition(query.order, anchor, paging.direction)))
    .orderBy(...orderBy(query.order, !forward))
    .limit(paging.size + 1);
  const more = fetched.length > paging.size;
  const rows = fetched.slice(0, paging.size);
  if (!forward) rows.reverse();

  const first = rows[0];
  const last = rows[rows.length - 1];
  const exists = async (row: Row, direction: 'next' | 'prev'): Promise<boolean> => {
    const where: SQL | undefined = and(query.where, keysetCondition(query.order, row, direction));
    const found = await db.select({ id: resource.id.column }).from(table).where(where).limit(1);
    return found.length > 0;
  };
  const link = (row: Row, direction: 'next' | 'prev') =>
    absoluteUrlWith(request, { page_after_id: String(row[resource.id.columnKey]), direction }, [
      'page',
    ]);
  const hasNext = last !== undefined && (forward ? more : await exists(last, 'next'));
  const hasPrevious = first !== undefined && (forward ? await exists(first, 'prev') : more);
  return {
    count: total,
    next: hasNext ? link(last, 'next') : null,
    previous: hasPrevious ? link(first, 'prev') : null,
    results: rows.map((row) => serializeRow(resource, row)),
  };
}

/**
 * Runs a parsed list query and shapes DRF's paginated answer
 * `{"count", "next", "previous", "results"}` with absolute `next` / `previous` URLs
 * (API.md "List answer").
 */
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { ValidationError, detailError } from '../../http/errors';
import { absoluteUrlWith } from '../../http/urls';
import { messages } from '../../i18n/messages';
import { keysetCondition, orderBy } from './keyset';
import type { ListQuery } from './list-query';
import type { CompiledResource, ResourceRegistry } from './registry';
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

/** Runs `query` on `resource` and builds the answer for `request`. */
export async function runList(
  db: Database,
  registry: ResourceRegistry,
  resource: CompiledResource,
  query: ListQuery,
  request: FastifyRequest,
): Promise<ListAnswer> {
  const { table } = resource.def;
  const [counted] = await db.select({ n: count() }).from(table).where(query.where);
  const total = Number(counted?.n ?? 0);
  const { paging } = query;
  // The page's rows with the titles of the rows they reference, in this one query.
  const selection = rowSelection(registry, resource);

  if (paging.kind === 'page') {
    const offset = (paging.page - 1) * paging.size;
    if (paging.page > 1 && offset >= total) throw detailError(404, messages.invalidPage);
    const rows: Row[] = await db
      .select(selection)
      .from(table)
      .where(query.where)
      .orderBy(...orderBy(query.order))
      .limit(paging.size)
      .offset(offset);
    const hasNext = offset + rows.length < total;
    return {
      count: total,
      next: hasNext ? absoluteUrlWith(request, { page: String(paging.page + 1) }) : null,
      previous:
        paging.page <= 1
          ? null
          : paging.page === 2
            ? absoluteUrlWith(request, {}, ['page'])
            : absoluteUrlWith(request, { page: String(paging.page - 1) }),
      results: rows.map((row) => serializeRow(resource, row)),
    };
  }

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

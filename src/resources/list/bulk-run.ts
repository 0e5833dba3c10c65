/**
 * Runs one bulk action on a list's selection (docs/api.md "Bulk actions"), headless: through
 * the back-end's `POST <path>bulk/<action>/` when it publishes one (operation
 * `<name>_bulk_<action>`, the descriptor's `extraActions`), else, for delete, one `DELETE`
 * per row, so a plain DRF back-end gets the same summary: what succeeded and, for each
 * refused row, its title and the server's reason. A selection of more than
 * {@link BULK_CHUNK_ROWS} rows is sent in requests of that many ids, one after another, with
 * progress between them and a way to stop.
 */
import { ApiError, type ApiSchema } from '../../api';
import type { ResourceDescriptor, ResourceRow, RowId } from '../descriptor';
import type { RequestFn } from '../registry/resource-runtime';
import { rowTitle } from '../row-title';
import { fetchAllRows } from './all-rows';
import { buildListQuery, type ListState } from './list-query';
import type { Selection } from './selection';

/** The generic action every resource with a delete operation has. */
export const DELETE_ACTION = 'delete';

/** Most rows one bulk action takes (the server's bound, docs/api.md "Bulk actions"). */
export const MAX_BULK_ROWS = 10_000;

/**
 * Rows one bulk request carries: a larger selection is sent in requests of this many ids,
 * so that each answers within seconds and the user sees the action advance.
 */
export const BULK_CHUNK_ROWS = 200;

/** How far a bulk action has come: rows run so far of all it will run. */
export interface BulkProgress {
  readonly done: number;
  readonly count: number;
}

/**
 * One refused row: its id, its title (null when unknown) and the reason, in the UI's
 * language; the API's `BulkResult.failed[]` with the id of any row (`RowId`: without the
 * bulk endpoint, one `DELETE` per row of a back-end whose ids may be strings).
 */
export type BulkFailure = Omit<ApiSchema<'BulkResult'>['failed'][number], 'id'> & {
  readonly id: RowId;
};

/**
 * What a bulk action came to: the API's `BulkResult`, the ids done and the rows refused, of
 * `count` selected; `stopped` when the user stopped it between two requests (the rest was
 * not run).
 */
export type BulkResult = Omit<ApiSchema<'BulkResult'>, 'succeeded' | 'failed'> & {
  readonly succeeded: readonly RowId[];
  readonly failed: readonly BulkFailure[];
  readonly stopped?: boolean;
};

/** Whether the back-end publishes `POST <path>bulk/<action>/` for `descriptor`. */
export function hasBulkEndpoint(descriptor: ResourceDescriptor, action: string): boolean {
  return descriptor.operations.extraActions?.includes(`bulk_${action}`) ?? false;
}

/**
 * The list's query as a bulk filter: every parameter of `state` but its paging, as strings
 * (the body's `filter`).
 */
export function bulkFilter(state: ListState): Record<string, string> {
  const query = buildListQuery(state);
  const filter: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || key === 'page_size' || value === undefined) continue;
    filter[key] = String(value);
  }
  return filter;
}

/** What {@link runBulkAction} needs. */
export interface BulkRunOptions {
  readonly request: RequestFn;
  readonly descriptor: ResourceDescriptor;
  readonly action: string;
  readonly selection: Selection;
  /** The list's query: what a `matching` selection stands for. */
  readonly state: ListState;
  /** The text of a refusal the server gave no words for. */
  readonly fallbackReason: string;
  /** Called after each request (each row, without the bulk endpoint). */
  readonly onProgress?: (progress: BulkProgress) => void;
  /** Aborted: no further request is sent, and the answer says `stopped`. */
  readonly signal?: AbortSignal;
}

/** The server's words for a refused single request. */
export function refusalOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const words = [
    ...(error.detail ? [error.detail] : []),
    ...error.nonFieldErrors,
    ...Object.values(error.fieldErrors).flatMap((value) =>
      Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [],
    ),
  ];
  return words.length > 0 ? words.join(' ') : fallback;
}

/**
 * Runs `action` on the selection and answers what came of it.
 *
 * @throws {ApiError} when the whole request is refused (400 past the bound, 403, …).
 */
export async function runBulkAction(options: BulkRunOptions): Promise<BulkResult> {
  const { request, descriptor, action, selection, state, onProgress, signal } = options;
  const bulkEndpoint = hasBulkEndpoint(descriptor, action);
  if (!bulkEndpoint && action !== DELETE_ACTION)
    throw new Error(`no endpoint for bulk action ${action}`);
  const size = selection.kind === 'matching' ? selection.count : selection.rows.size;
  const post = async (body: object) =>
    (await request<ApiSchema<'BulkResult'>>('POST', `${descriptor.path}bulk/${action}/`, { body }))
      .data;
  // One request when it is small, or past the bound (the server's 400 then says so).
  if (
    bulkEndpoint &&
    selection.kind === 'matching' &&
    (size <= BULK_CHUNK_ROWS || size > MAX_BULK_ROWS)
  )
    return post({ filter: bulkFilter(state) });
  const rows: readonly ResourceRow[] =
    selection.kind === 'matching'
      ? await fetchAllRows(request, descriptor, state, signal)
      : [...selection.rows.values()];
  const chosen = rows.slice(0, MAX_BULK_ROWS);
  const count = bulkEndpoint ? chosen.length : rows.length;
  const succeeded: RowId[] = [];
  const failed: BulkFailure[] = [];
  const chunk = bulkEndpoint ? BULK_CHUNK_ROWS : 1;
  for (let start = 0; start < chosen.length; start += chunk) {
    if (signal?.aborted) return { action, count, succeeded, failed, stopped: true };
    const part = chosen.slice(start, start + chunk);
    if (bulkEndpoint) {
      const answer = await post({ ids: part.map((row) => row[descriptor.idField]) });
      succeeded.push(...answer.succeeded);
      failed.push(...answer.failed);
    } else {
      const row = part[0]!;
      const id = row[descriptor.idField] as RowId;
      try {
        await request('DELETE', `${descriptor.path}${encodeURIComponent(String(id))}/`);
        succeeded.push(id);
      } catch (error) {
        failed.push({
          id,
          title: rowTitle(descriptor, row) || null,
          reason: refusalOf(error, options.fallbackReason),
        });
      }
    }
    onProgress?.({ done: Math.min(start + chunk, chosen.length), count });
  }
  return { action, count, succeeded, failed };
}

/**
 * Query keys and fetchers shared by the list, the form and the reference pickers, so one
 * row fetched anywhere is cached once (TanStack Query). Every key starts with
 * `['resources', name]`: invalidating that prefix refreshes everything of a resource.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ApiSchema } from '../api';
import type { ResourceDescriptor, ResourceRow, RowId } from './descriptor';
import type { RequestFn } from './registry/resource-runtime';

/** One page of a list (DRF PageNumberPagination, docs/api.md "Lists"). */
export interface ListPage {
  readonly count: number;
  readonly results: readonly ResourceRow[];
}

/** A row with the ETag it was read with (docs/api.md "Errors", 412). */
export interface ItemSnapshot {
  readonly row: ResourceRow;
  readonly etag: string | null;
}

/** List query parameters as `buildListQuery` makes them. */
export type ListQuery = Readonly<Record<string, string | number | undefined>>;

/** Query keys of one resource. */
export const resourceKeys = {
  all: (name: string) => ['resources', name] as const,
  list: (name: string, query: ListQuery) => ['resources', name, 'list', query] as const,
  item: (name: string, id: RowId) => ['resources', name, 'item', String(id)] as const,
  search: (name: string, term: string) => ['resources', name, 'search', term] as const,
  titles: (name: string, what: string) => ['resources', name, 'titles', what] as const,
  history: (name: string, id: RowId) => ['resources', name, 'history', String(id)] as const,
};

/** `/customers/` + 12 → `/customers/12/`. */
export function itemPath(descriptor: Pick<ResourceDescriptor, 'path'>, id: RowId): string {
  const base = descriptor.path.endsWith('/') ? descriptor.path : `${descriptor.path}/`;
  return `${base}${encodeURIComponent(String(id))}/`;
}

/** Accepts a paginated answer and, from a back-end without pagination, a bare array. */
export function toListPage(data: unknown): ListPage {
  if (Array.isArray(data)) return { count: data.length, results: data as ResourceRow[] };
  const page = (data ?? {}) as { count?: unknown; results?: unknown };
  const results = Array.isArray(page.results) ? (page.results as ResourceRow[]) : [];
  return { count: typeof page.count === 'number' ? page.count : results.length, results };
}

/** `GET <path>?…` of one list page. */
export function listQueryOptions(
  request: RequestFn,
  descriptor: ResourceDescriptor,
  query: ListQuery,
) {
  return queryOptions({
    queryKey: resourceKeys.list(descriptor.name, query),
    queryFn: async ({ signal }) =>
      toListPage((await request<unknown>('GET', descriptor.path, { query, signal })).data),
  });
}

/** `GET <path><id>/` of one row, with its ETag. */
export function itemQueryOptions(request: RequestFn, descriptor: ResourceDescriptor, id: RowId) {
  return queryOptions({
    queryKey: resourceKeys.item(descriptor.name, id),
    queryFn: async ({ signal }): Promise<ItemSnapshot> => {
      const answer = await request<ResourceRow>('GET', itemPath(descriptor, id), { signal });
      return { row: answer.data, etag: answer.etag };
    },
  });
}

/**
 * Up to 20 rows matching a search term (and `filter`, the list's `key=value,…` pairs, when
 * given), for reference pickers.
 */
export function searchQueryOptions(
  request: RequestFn,
  descriptor: Pick<ResourceDescriptor, 'name' | 'path'>,
  term: string,
  filter?: string,
) {
  const query = { search: term || undefined, filter: filter || undefined, page: 1, page_size: 20 };
  return queryOptions({
    queryKey: resourceKeys.search(descriptor.name, filter ? `${term}|filter:${filter}` : term),
    queryFn: async ({ signal }) =>
      toListPage((await request<unknown>('GET', descriptor.path, { query, signal })).data),
    staleTime: 30_000,
  });
}

/**
 * One row of a title lookup (`GET <path>titles/`, **Joule**): the API's `Title`, its id and
 * title or null, but with the id of any resource (`RowId`: the lookup is descriptor-driven).
 */
export type TitleRow = Omit<ApiSchema<'Title'>, 'id'> & { readonly id: RowId };

/** Most ids one title lookup may name (the server's `MAX_TITLE_IDS`). */
export const MAX_TITLE_IDS = 100;

/** `<path>titles/` of a resource (`/fuses/` → `/fuses/titles/`). */
export function titlesPath(descriptor: Pick<ResourceDescriptor, 'path'>): string {
  const base = descriptor.path.endsWith('/') ? descriptor.path : `${descriptor.path}/`;
  return `${base}titles/`;
}

/**
 * Titles of the rows `ids` of a resource that publishes the title lookup
 * (`operations.titles`): one `GET <path>titles/?ids=…` per {@link MAX_TITLE_IDS} ids. An id
 * the answer leaves out (deleted) is missing from the result; a null title is `#<id>`.
 *
 * @throws the `ApiError` of a failed read.
 */
export async function fetchTitlesByIds(
  request: RequestFn,
  descriptor: Pick<ResourceDescriptor, 'path'>,
  ids: readonly RowId[],
  signal?: AbortSignal,
): Promise<Record<string, string>> {
  const titles: Record<string, string> = {};
  for (let start = 0; start < ids.length; start += MAX_TITLE_IDS) {
    const chunk = ids.slice(start, start + MAX_TITLE_IDS);
    const query = { ids: chunk.join(','), page_size: chunk.length };
    const answer = await request<unknown>('GET', titlesPath(descriptor), { query, signal });
    for (const row of toListPage(answer.data).results as unknown as TitleRow[])
      titles[String(row.id)] = row.title ?? `#${row.id}`;
  }
  return titles;
}

/**
 * Up to 20 `{id, title}` rows matching a search term (and `filter`, on the fields the lookup
 * accepts: `x-reference-filter`), from the title lookup, for pickers.
 */
export function titleSearchQueryOptions(
  request: RequestFn,
  descriptor: Pick<ResourceDescriptor, 'name' | 'path'>,
  term: string,
  filter?: string,
) {
  const query = { search: term || undefined, filter: filter || undefined, page: 1, page_size: 20 };
  return queryOptions({
    queryKey: resourceKeys.titles(descriptor.name, `search:${term}|filter:${filter ?? ''}`),
    queryFn: async ({ signal }) => {
      const answer = await request<unknown>('GET', titlesPath(descriptor), { query, signal });
      return toListPage(answer.data).results as unknown as readonly TitleRow[];
    },
    staleTime: 30_000,
  });
}

/** A change as the API's audit log answers it (`AuditEntry`). */
type AuditEntry = ApiSchema<'AuditEntry'>;

/**
 * One change of a row as `GET <path><id>/history/` answers it (Joule's audit log, the API's
 * `AuditEntry`): `changes` maps a field's wire name to `[before, after]` wire values. The
 * changed row's resource, id and title now (null once deleted) only when the back-end says
 * (a row's history includes its children's changes); another back-end may leave them out.
 */
export type HistoryEntry = Omit<AuditEntry, 'resource' | 'row_id' | 'title'> &
  Partial<Pick<AuditEntry, 'resource' | 'row_id' | 'title'>>;

/** One page of a row's history (DRF page-number pagination, newest first). */
export type HistoryPage = Omit<ApiSchema<'PaginatedAuditEntryList'>, 'results'> & {
  readonly results: readonly HistoryEntry[];
};

/**
 * `GET <path><id>/history/?page=n`, page by page ("show older" asks for the next). Keyed
 * under the resource, so a save's invalidation of the resource refreshes the history too.
 */
export function historyQueryOptions(request: RequestFn, descriptor: ResourceDescriptor, id: RowId) {
  return infiniteQueryOptions({
    queryKey: resourceKeys.history(descriptor.name, id),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<HistoryPage> => {
      const path = `${itemPath(descriptor, id)}history/`;
      const query = pageParam > 1 ? { page: pageParam } : {};
      return (await request<HistoryPage>('GET', path, { query, signal })).data;
    },
    getNextPageParam: (last, _pages, pageParam) => (last.next ? pageParam + 1 : undefined),
  });
}

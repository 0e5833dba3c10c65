import { useCallback, useEffect, useMemo } from 'react';
import {
  keepPreviousData,
  useQuery,
  type QueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useSearchParams } from '../router';
import { ApiError } from '../../api';
import type { ResourceDescriptor } from '../descriptor';
import { listQueryOptions, resourceKeys, toListPage, type ListPage } from '../queries';
import { useResourceRuntime, type RequestFn } from '../registry/resource-runtime';
import { activeFilterCount } from './filter-state';
import { preloadFilterBar } from './lazy-filter-bar';
import type { LazyComponent } from '../registry/lazy-component';
import type { ResourceOverride } from '../registry/overrides';
import {
  buildListQuery,
  parseListState,
  sanitizeSort,
  toSearchParams,
  updateListState,
  type ListState,
  type SortItem,
} from './list-query';

/** What `useResourceList` gives a list view. */
export interface ResourceListController {
  /** The list state read from the URL (sort keys the resource cannot sort by dropped). */
  readonly state: ListState;
  /**
   * TanStack Query's own union (`pending` / `error` / `success`) of the current page. While
   * another page loads, the previous page stays as placeholder data (`isPlaceholderData`).
   */
  readonly query: UseQueryResult<ListPage>;
  /** Number of pages at the current page size; 1 while unknown. */
  readonly pageCount: number;
  setPage(page: number): void;
  /** Also goes back to page 1. */
  setPageSize(pageSize: number): void;
  /** Also goes back to page 1. */
  setSort(sort: readonly SortItem[]): void;
  /** Also goes back to page 1; replaces the history entry so typing leaves no trail. */
  setSearch(search: string): void;
  /**
   * Replaces the given filter parameters (`filter`, `gte`, `lte`; the ones left out stay);
   * also goes back to page 1.
   */
  setFilters(change: Partial<Pick<ListState, 'filter' | 'gte' | 'lte' | 'params'>>): void;
}

const NO_PARAMS: readonly string[] = [];

function readState(
  params: URLSearchParams,
  sortFields: readonly string[],
  own: readonly string[] = NO_PARAMS,
): ListState {
  const state = parseListState(params, own);
  return { ...state, sort: sanitizeSort(state.sort, sortFields) };
}

/**
 * Starts fetching the page a list screen opened at `params` (its URL's search) will ask for,
 * under the very query key `useResourceList` uses, so that the screen finds the rows on its
 * way (or there) instead of asking only once it renders. The app's first page calls this while
 * the screen's code still loads. Resolves once the rows are in the cache or the fetch failed
 * (never rejects: a failure is left for the screen to show, its own query retries); at once
 * for a resource without a list operation. A list opened filtered shows its filter bar at
 * once: its code starts loading too.
 */
export function prefetchResourceList(
  queryClient: QueryClient,
  request: RequestFn,
  descriptor: ResourceDescriptor,
  params: URLSearchParams,
): Promise<void> {
  if (!descriptor.operations.list) return Promise.resolve();
  const state = readState(params, descriptor.sortFields, descriptor.listParams);
  void loadListCode(descriptor, params).catch(() => undefined);
  return queryClient.prefetchQuery(listQueryOptions(request, descriptor, buildListQuery(state)));
}

/**
 * Loads the code the list screen of `descriptor` opened at `params` shows at once besides
 * its rows and resolves once it is here: the filter bar and `override`'s own filters when
 * the URL filters the list (its bar then starts open). The app's first page starts it; the
 * server-side renderer awaits it, so that the page it renders holds no placeholder.
 */
export function loadListCode(
  descriptor: ResourceDescriptor,
  params: URLSearchParams,
  override?: ResourceOverride,
): Promise<void> {
  const state = readState(params, descriptor.sortFields, descriptor.listParams);
  if (activeFilterCount(state) === 0) return Promise.resolve();
  const own = (override?.listFilters ?? []).map(({ component }) =>
    (component as Partial<LazyComponent<object>>).preload?.(),
  );
  return Promise.all([preloadFilterBar(), ...own]).then(() => undefined);
}

/**
 * The query parameters of `GET <path>` (docs/api.md "Lists") the list screen of
 * `descriptor` opened at `params` (its URL's search) asks for first; empty ones left out.
 */
export function listQueryFor(
  descriptor: ResourceDescriptor,
  params: URLSearchParams,
): Record<string, string | number | undefined> {
  return buildListQuery(readState(params, descriptor.sortFields, descriptor.listParams));
}

/**
 * Puts a page of rows the server already gave (`answer`: the API's list answer, docs/api.md
 * "Lists") into the cache under the very query key the list screen opened at `params`
 * reads, so that the screen renders those rows at once: the server-rendered first page and
 * the SPA's first render show the same rows (docs/architecture.md "First page").
 */
export function seedResourceList(
  queryClient: QueryClient,
  descriptor: ResourceDescriptor,
  params: URLSearchParams,
  answer: unknown,
): void {
  const key = resourceKeys.list(descriptor.name, listQueryFor(descriptor, params));
  queryClient.setQueryData(key, toListPage(answer));
}

/**
 * The headless controller of a list screen: URL search params ↔ list state ↔ API query ↔
 * TanStack Query (docs/api.md "Lists"). Needs the app's router (router.tsx) and a
 * `QueryClientProvider` above it; no Blueprint, no DOM.
 */
export function useResourceList(descriptor: ResourceDescriptor): ResourceListController {
  const { request } = useResourceRuntime();
  const [params, setParams] = useSearchParams();
  const { sortFields, listParams: own = NO_PARAMS } = descriptor;
  const state = useMemo(() => readState(params, sortFields, own), [params, sortFields, own]);
  const apiQuery = useMemo(() => buildListQuery(state), [state]);
  const query = useQuery({
    ...listQueryOptions(request, descriptor, apiQuery),
    placeholderData: keepPreviousData,
    enabled: descriptor.operations.list,
  });

  const update = useCallback(
    (change: Partial<ListState>, replace = false) =>
      setParams(
        (current) =>
          toSearchParams(
            updateListState(readState(current, sortFields, own), change),
            current,
            own,
          ),
        { replace },
      ),
    [setParams, sortFields, own],
  );

  // DRF answers 404 for a page past the end (the last row of the last page was deleted,
  // or an old link): step back a page instead of showing an error.
  const pastEnd =
    query.isError &&
    query.error instanceof ApiError &&
    query.error.status === 404 &&
    state.page > 1;
  useEffect(() => {
    if (pastEnd) update({ page: state.page - 1 }, true);
  }, [pastEnd, state.page, update]);

  const count = query.data?.count;
  const pageCount = count === undefined ? 1 : Math.max(1, Math.ceil(count / state.pageSize));
  return {
    state,
    query,
    pageCount,
    setPage: useCallback((page: number) => update({ page }), [update]),
    setPageSize: useCallback((pageSize: number) => update({ pageSize }), [update]),
    setSort: useCallback((sort: readonly SortItem[]) => update({ sort }), [update]),
    setSearch: useCallback((search: string) => update({ search: search.trim() }, true), [update]),
    setFilters: useCallback(
      (change: Partial<Pick<ListState, 'filter' | 'gte' | 'lte' | 'params'>>) => update(change),
      [update],
    ),
  };
}

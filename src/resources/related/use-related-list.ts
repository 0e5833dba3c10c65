import { useCallback, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ResourceDescriptor, RowId } from '../descriptor';
import { buildListQuery, updateListState, type ListState, type SortItem } from '../list/list-query';
import type { ResourceListController } from '../list/use-resource-list';
import { listQueryOptions } from '../queries';
import { useResourceRuntime } from '../registry/resource-runtime';

/** Rows per page of a related list inside a dialog. */
export const RELATED_PAGE_SIZE = 10;

/**
 * The list controller of the rows of `descriptor` that belong to one parent row
 * (`filter=<field>=<parentId>`, docs/api.md "Lists"). Its state lives in the
 * component, not the URL: the URL belongs to the page under the dialog.
 */
export function useRelatedList(
  descriptor: ResourceDescriptor,
  field: string,
  parentId: RowId,
): ResourceListController {
  const { request } = useResourceRuntime();
  const [state, setState] = useState<ListState>(() => ({
    page: 1,
    pageSize: RELATED_PAGE_SIZE,
    search: '',
    sort: [],
    filter: { [field]: String(parentId) },
    gte: {},
    lte: {},
  }));
  const apiQuery = useMemo(() => buildListQuery(state), [state]);
  const query = useQuery({
    ...listQueryOptions(request, descriptor, apiQuery),
    placeholderData: keepPreviousData,
  });
  const update = useCallback(
    (change: Partial<ListState>) => setState((current) => updateListState(current, change)),
    [],
  );
  const count = query.data?.count;
  return {
    state,
    query,
    pageCount: count === undefined ? 1 : Math.max(1, Math.ceil(count / state.pageSize)),
    setPage: useCallback((page: number) => update({ page }), [update]),
    setPageSize: useCallback((pageSize: number) => update({ pageSize }), [update]),
    setSort: useCallback((sort: readonly SortItem[]) => update({ sort }), [update]),
    setSearch: useCallback((search: string) => update({ search: search.trim() }), [update]),
    // The parent filter stays whatever else is filtered.
    setFilters: useCallback(
      (change: Partial<Pick<ListState, 'filter' | 'gte' | 'lte' | 'params'>>) =>
        update({
          ...change,
          ...(change.filter && { filter: { ...change.filter, [field]: String(parentId) } }),
        }),
      [field, parentId, update],
    ),
  };
}

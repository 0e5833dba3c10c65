import { useCallback, useEffect, useState } from 'react';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ResourceDescriptor, ResourceRow, RowId } from '../../descriptor';
import { itemQueryOptions, searchQueryOptions, type ItemSnapshot } from '../../queries';
import { useResourceRegistry } from '../../registry/registry-context';
import { rowTitle } from '../../row-title';

/** One row a picker offers. */
export interface ReferenceOption {
  readonly id: RowId;
  readonly title: string;
}

/** The descriptor of a referenced resource, from the registry; undefined when unknown. */
export function useReferenceTarget(name: unknown): ResourceDescriptor | undefined {
  const { descriptorsByName } = useResourceRegistry();
  return typeof name === 'string' ? descriptorsByName[name] : undefined;
}

/**
 * Titles of referenced rows by id (`GET <ref><id>/`, cached with every other read of the
 * row). An id whose row is loading or missing shows as `#<id>`; with no descriptor for
 * the resource every id does.
 */
export function useRowTitles(
  target: ResourceDescriptor | undefined,
  ids: readonly RowId[],
): Readonly<Record<string, string>> {
  const { request } = useResourceRegistry();
  const combine = useCallback(
    (results: UseQueryResult<ItemSnapshot>[]) => {
      const titles: Record<string, string> = {};
      ids.forEach((id, index) => {
        const row = results[index]?.data?.row;
        titles[String(id)] = target && row ? rowTitle(target, row) : `#${id}`;
      });
      return titles;
    },
    [ids, target],
  );
  return useQueries({
    queries: target
      ? ids.map((id) => ({ ...itemQueryOptions(request, target, id), staleTime: 60_000 }))
      : [],
    combine,
  });
}

/** A value that follows `value` after it stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

const NO_TARGET = { name: '', path: '/' };

/**
 * Search results of a picker: `GET <ref>?search=<term>&page_size=20`, as options; with
 * `accept`, only the rows it accepts.
 */
export function useReferenceSearch(
  target: ResourceDescriptor | undefined,
  term: string,
  enabled: boolean,
  accept?: (row: ResourceRow) => boolean,
) {
  const { request } = useResourceRegistry();
  const query = useQuery({
    ...searchQueryOptions(request, target ?? NO_TARGET, term),
    enabled: enabled && target !== undefined,
  });
  const options: ReferenceOption[] =
    target && query.data
      ? query.data.results
          .filter((row) => !accept || accept(row))
          .map((row) => ({
            id: row[target.idField] as RowId,
            title: rowTitle(target, row),
          }))
      : [];
  return { options, loading: query.isFetching && !query.data };
}

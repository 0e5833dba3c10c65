import { useCallback, useEffect, useState } from 'react';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ResourceDescriptor, ResourceRow, RowId } from '../../descriptor';
import {
  fetchTitlesByIds,
  itemQueryOptions,
  resourceKeys,
  searchQueryOptions,
  titleSearchQueryOptions,
  type ItemSnapshot,
  type TitleRow,
} from '../../queries';
import { useResourceRuntime } from '../../registry/resource-runtime';
import { rowTitle } from '../../row-title';

/** One row a picker offers: a title row with its title filled in (`#<id>` for none). */
export type ReferenceOption = Omit<TitleRow, 'title'> & { readonly title: string };

/** The descriptor of a referenced resource, from the registry; undefined when unknown. */
export function useReferenceTarget(name: unknown): ResourceDescriptor | undefined {
  const { descriptorsByName } = useResourceRuntime();
  return typeof name === 'string' ? descriptorsByName[name] : undefined;
}

/**
 * Titles of referenced rows by id. With the server's title lookup (`operations.titles`,
 * open to whoever may write a referencing row) one `GET <ref>titles/?ids=…` for all of
 * them; otherwise `GET <ref><id>/` per id, cached with every other read of the row. An id
 * whose row is loading or missing shows as `#<id>`; with no descriptor for the resource
 * every id does.
 */
export function useRowTitles(
  target: ResourceDescriptor | undefined,
  ids: readonly RowId[],
): Readonly<Record<string, string>> {
  const { request } = useResourceRuntime();
  const lookup = target?.operations.titles === true;
  const key = ids.map(String).join(',');
  const looked = useQuery({
    queryKey: resourceKeys.titles(target?.name ?? '', `ids:${key}`),
    queryFn: ({ signal }) => fetchTitlesByIds(request, target!, ids, signal),
    enabled: lookup && ids.length > 0,
    staleTime: 60_000,
  });
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
  const read = useQueries({
    queries:
      target && !lookup
        ? ids.map((id) => ({ ...itemQueryOptions(request, target, id), staleTime: 60_000 }))
        : [],
    combine,
  });
  if (!lookup) return read;
  return Object.fromEntries(ids.map((id) => [String(id), looked.data?.[String(id)] ?? `#${id}`]));
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
 * Search results of a picker, as options: with the server's title lookup
 * (`operations.titles`) and no `accept`, `GET <ref>titles/?search=<term>&page_size=20`
 * (so a user who may not list the referenced rows still picks among them); otherwise
 * `GET <ref>?search=<term>&page_size=20`, only the rows `accept` accepts when given (it
 * needs whole rows). `filter` (`key=value,…`, see {@link referenceFilterParam}) narrows
 * either request.
 */
export function useReferenceSearch(
  target: ResourceDescriptor | undefined,
  term: string,
  enabled: boolean,
  accept?: (row: ResourceRow) => boolean,
  filter?: string,
) {
  const { request } = useResourceRuntime();
  const lookup = target?.operations.titles === true && accept === undefined;
  const rows = useQuery({
    ...searchQueryOptions(request, target ?? NO_TARGET, term, filter),
    enabled: enabled && target !== undefined && !lookup,
  });
  const titles = useQuery({
    ...titleSearchQueryOptions(request, target ?? NO_TARGET, term, filter),
    enabled: enabled && lookup,
  });
  if (lookup) {
    const options: ReferenceOption[] = (titles.data ?? []).map((row) => ({
      id: row.id,
      title: row.title ?? `#${row.id}`,
    }));
    return { options, loading: titles.isFetching && !titles.data };
  }
  const options: ReferenceOption[] =
    target && rows.data
      ? rows.data.results
          .filter((row) => !accept || accept(row))
          .map((row) => ({
            id: row[target.idField] as RowId,
            title: rowTitle(target, row),
          }))
      : [];
  return { options, loading: rows.isFetching && !rows.data };
}

/**
 * The `filter` parameter of a picker whose field declares `referenceFilter` (**Joule**
 * `x-reference-filter`, e.g. `{customer: 'customer'}`): `customer=<this row's customer>`.
 * Undefined when there is no such declaration or this row's value is still empty (the
 * picker then offers every row, and the server's rule answers on save), or cannot travel in
 * a pair (a comma).
 */
export function referenceFilterParam(
  referenceFilter: unknown,
  formData: Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  if (typeof referenceFilter !== 'object' || referenceFilter === null || !formData)
    return undefined;
  const pairs: string[] = [];
  for (const [theirs, ours] of Object.entries(referenceFilter as Record<string, unknown>)) {
    const value = typeof ours === 'string' ? formData[ours] : undefined;
    if (typeof value !== 'number' && (typeof value !== 'string' || value === '')) return undefined;
    if (String(value).includes(',')) return undefined;
    pairs.push(`${theirs}=${String(value)}`);
  }
  return pairs.length > 0 ? pairs.join(',') : undefined;
}

import { createContext, useCallback, useContext, useMemo } from 'react';
import {
  useQueries,
  useQueryClient,
  type QueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { FieldDescriptor, ResourceDescriptor, ResourceRow } from '../descriptor';
import { fetchTitlesByIds, itemQueryOptions, resourceKeys, toListPage } from '../queries';
import { useResourceRuntime, type RequestFn } from '../registry/resource-runtime';
import { rowTitle } from '../row-title';
import { ALL_PAGE_SIZE } from './list-query';

/** Titles of referenced rows: resource name → id (as a string) → title. */
export type ReferenceTitles = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** Up to this many ids are read one by one (each cached); more read the whole table once. */
const PER_ID_LIMIT = 30;
const TITLE_STALE_MS = 60_000;

/** The id(s) a reference cell holds: an id, a list of ids, or nested rows with an `id`. */
export function referenceIds(value: unknown): string[] {
  const one = (item: unknown): string[] => {
    if (typeof item === 'number' || (typeof item === 'string' && item !== ''))
      return [String(item)];
    if (item && typeof item === 'object' && 'id' in item) return one((item as { id: unknown }).id);
    return [];
  };
  return Array.isArray(value) ? value.flatMap(one) : one(value);
}

/**
 * The titles the server embedded in `rows` (**Joule**: the field named by a reference's
 * `titleField`, a title or a list of titles beside the id or ids), per referenced resource.
 * A null title is `#<id>`.
 */
export function embeddedTitles(
  fields: readonly FieldDescriptor[],
  rows: readonly ResourceRow[],
): Record<string, Record<string, string>> {
  const titles: Record<string, Record<string, string>> = {};
  for (const field of fields) {
    if (!field.reference || !field.titleField) continue;
    const known = (titles[field.reference] ??= {});
    for (const row of rows) {
      const ids = referenceIds(row[field.name]);
      const value = row[field.titleField];
      const names = Array.isArray(value) ? (value as unknown[]) : [value];
      ids.forEach((id, index) => {
        const name = names[index];
        known[id] = typeof name === 'string' && name !== '' ? name : `#${id}`;
      });
    }
  }
  return titles;
}

/**
 * Distinct ids per referenced resource over the given rows, sorted so keys are stable;
 * references whose titles the server embeds (`titleField`) are left out: nothing to fetch.
 */
export function collectReferenceIds(
  fields: readonly FieldDescriptor[],
  rows: readonly ResourceRow[],
): Map<string, string[]> {
  const found = new Map<string, Set<string>>();
  for (const field of fields) {
    if (!field.reference || field.titleField) continue;
    const ids = found.get(field.reference) ?? new Set<string>();
    for (const row of rows) for (const id of referenceIds(row[field.name])) ids.add(id);
    found.set(field.reference, ids);
  }
  const sorted = new Map<string, string[]>();
  for (const [name, ids] of found) if (ids.size > 0) sorted.set(name, [...ids].sort());
  return sorted;
}

/**
 * Titles of the given rows of `target` (ids as strings): with the server's title lookup
 * (`operations.titles`) one `titles/?ids=` read per 100 ids; on a plain DRF back-end (no
 * standard "id in" filter) per-id reads through the item cache for a few, one
 * `page_size=9999` read for many; an unreadable row is `#<id>`.
 */
export async function fetchTitles(
  client: QueryClient,
  request: RequestFn,
  target: ResourceDescriptor,
  ids: readonly string[],
): Promise<Record<string, string>> {
  if (target.operations.titles) {
    try {
      const titles = await fetchTitlesByIds(request, target, ids);
      return Object.fromEntries(ids.map((id) => [id, titles[id] ?? `#${id}`]));
    } catch {
      return Object.fromEntries(ids.map((id) => [id, `#${id}`]));
    }
  }
  if (ids.length <= PER_ID_LIMIT) {
    const entries = await Promise.all(
      ids.map(async (id) => {
        try {
          const options = itemQueryOptions(request, target, id);
          const item = await client.fetchQuery({ ...options, staleTime: TITLE_STALE_MS });
          return [id, rowTitle(target, item.row)] as const;
        } catch {
          return [id, `#${id}`] as const;
        }
      }),
    );
    return Object.fromEntries(entries);
  }
  const query = { page: 1, page_size: ALL_PAGE_SIZE };
  const page = toListPage((await request<unknown>('GET', target.path, { query })).data);
  const titles: Record<string, string> = {};
  for (const row of page.results) titles[String(row[target.idField])] = rowTitle(target, row);
  return titles;
}

/**
 * The titles of the rows referenced by `rows`: those the server embedded in them (no
 * request at all), and for other references (a plain DRF back-end) one query per
 * referenced resource — the title lookup when published, else per-id reads (shared with
 * forms and pickers through the item cache) for a few ids, one `page_size=9999` read for
 * many. References to resources the registry does not know are left out, and their cells
 * show the id.
 */
export function useReferenceTitles(
  descriptor: ResourceDescriptor,
  rows: readonly ResourceRow[],
  columns: readonly string[] = descriptor.columns,
): ReferenceTitles {
  const client = useQueryClient();
  const { descriptorsByName, request } = useResourceRuntime();
  const shown = useMemo(
    () => descriptor.fields.filter((field) => columns.includes(field.name)),
    [descriptor, columns],
  );
  const embedded = useMemo(() => embeddedTitles(shown, rows), [shown, rows]);
  const wanted = useMemo(
    () =>
      [...collectReferenceIds(shown, rows)].flatMap(([name, ids]) => {
        const target = descriptorsByName[name];
        return target ? [{ target, ids }] : [];
      }),
    [shown, rows, descriptorsByName],
  );

  const combine = useCallback(
    (results: UseQueryResult<Record<string, string>>[]): ReferenceTitles => {
      const titles: Record<string, Record<string, string>> = { ...embedded };
      results.forEach((result, index) => {
        const name = wanted[index]?.target.name;
        if (name && result.data) titles[name] = { ...titles[name], ...result.data };
      });
      return titles;
    },
    [wanted, embedded],
  );

  return useQueries({
    queries: wanted.map(({ target, ids }) => ({
      queryKey: [
        ...resourceKeys.all(target.name),
        'titles',
        target.operations.titles || ids.length <= PER_ID_LIMIT ? ids : 'all',
      ],
      queryFn: () => fetchTitles(client, request, target, ids),
      staleTime: TITLE_STALE_MS,
    })),
    combine,
  });
}

/** Reference titles of the current page, for the cells that show them. */
export const ReferenceTitlesContext = createContext<ReferenceTitles>({});

/** The reference titles of the nearest list. */
export function useReferenceTitlesContext(): ReferenceTitles {
  return useContext(ReferenceTitlesContext);
}

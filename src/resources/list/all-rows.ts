/**
 * Every row of a list query, page after page at `page_size=9999` (the API's largest page,
 * docs/api.md "Lists"): the CSV export's rows (`csv-export.ts`) and an override's "all rows
 * of a related list" (the contract dialog's payments and their running balance).
 */
import type { ResourceDescriptor, ResourceRow, RowId } from '../descriptor';
import { toListPage } from '../queries';
import type { RequestFn } from '../registry/resource-runtime';
import { ALL_PAGE_SIZE, DEFAULT_LIST_STATE, buildListQuery, type ListState } from './list-query';

/**
 * Every row `state` selects (its search, filters and sort; its page and page size are
 * ignored), in its order: page 1, 2, … until `count` rows are read or a page comes back
 * short.
 *
 * @throws the `ApiError` of a failed page (no partial answer), or the abort of `signal`.
 */
export async function fetchAllRows(
  request: RequestFn,
  descriptor: Pick<ResourceDescriptor, 'path'>,
  state: ListState,
  signal?: AbortSignal,
): Promise<ResourceRow[]> {
  const rows: ResourceRow[] = [];
  for (let page = 1; ; page += 1) {
    const query = buildListQuery({ ...state, page, pageSize: ALL_PAGE_SIZE });
    const answer = toListPage(
      (await request<unknown>('GET', descriptor.path, { query, signal })).data,
    );
    rows.push(...answer.results);
    if (answer.results.length < ALL_PAGE_SIZE || rows.length >= answer.count) return rows;
  }
}

/**
 * Every row of `descriptor` that belongs to row `parentId` through reference `field`
 * (`filter=<field>=<parentId>`), in the resource's default order: a related list's rows,
 * all of them, as {@link fetchAllRows} reads them.
 */
export function fetchRelatedRows(
  request: RequestFn,
  descriptor: Pick<ResourceDescriptor, 'path'>,
  field: string,
  parentId: RowId,
  signal?: AbortSignal,
): Promise<ResourceRow[]> {
  const state = { ...DEFAULT_LIST_STATE, filter: { [field]: String(parentId) } };
  return fetchAllRows(request, descriptor, state, signal);
}

/**
 * Saved views of a list (docs/api.md "Saved views"), headless: the query of the caller's
 * views of one resource, their URL (`/invoices?view=7`), and applying one to the list's URL.
 * Only asked for where the back-end publishes `/auth/me/views/` (`keepsViews`).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { unwrap, type ApiClient, type ApiSchema } from '../../api';
import type { ResourceDescriptor } from '../descriptor';
import { useResourceRuntime } from '../registry/resource-runtime';

/** A saved view as the API answers it. */
export type SavedView = ApiSchema<'SavedView'>;

/** The URL parameter naming the view a list shows. */
export const VIEW_PARAM = 'view';

/** The query key of `resource`'s views. */
export const viewsKey = (resource: string) => ['views', resource] as const;

/** The views of `descriptor`'s list the user may pick: their own and their roles'. */
export function useSavedViews(descriptor: ResourceDescriptor) {
  const { api, keepsViews } = useResourceRuntime();
  return useQuery({
    queryKey: viewsKey(descriptor.name),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/auth/me/views/', { params: { query: { resource: descriptor.name } }, signal }),
      ),
    enabled: keepsViews,
    staleTime: 60_000,
  });
}

/** The list's URL search for `view`: its query, and `view=<id>`. */
export function viewSearch(view: Pick<SavedView, 'id' | 'query'>): string {
  const params = new URLSearchParams(view.query);
  params.delete(VIEW_PARAM);
  params.set(VIEW_PARAM, String(view.id));
  return `?${params.toString()}`;
}

/**
 * The view a list's URL asks to be applied: its `view` parameter when it is the URL's only
 * one (a bookmark, a link), else null (the view is already applied, or none is named).
 */
export function viewToApply(params: URLSearchParams): number | null {
  const raw = params.get(VIEW_PARAM);
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  return [...params.keys()].every((key) => key === VIEW_PARAM) ? Number(raw) : null;
}

/** Reads view `id` (404 when the user may not see it). */
export async function fetchView(
  client: QueryClient,
  api: ApiClient,
  id: number,
): Promise<SavedView> {
  return client.fetchQuery({
    queryKey: ['views', 'one', id],
    queryFn: () => unwrap(api.GET('/auth/me/views/{id}/', { params: { path: { id } } })),
    staleTime: 60_000,
  });
}

/**
 * The panel's server reads, as TanStack Query options, through the typed client
 * (docs/architecture.md "The layers": `api` of the runtime, typed by the API's paths). Every
 * key starts with `resourceKeys.all(<measurements>)`, so invalidating the measurements
 * resource after a new reading refreshes the table, the latest reading and the chart at once.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { unwrap, type ApiClient } from '../../../src/api';
import type { ResourceDescriptor, RowId } from '../../../src/resources';
import { resourceKeys } from '../../../src/resources';
import type { Bucket, Period } from './readings';

/** Rows shown per page of the table. */
export const PAGE_SIZE = 20;

/**
 * One page of a device's readings, newest first: `PAGE_SIZE + 1` rows after the reading
 * `after` (keyset paging, `page_after_id`; undefined: the newest), the extra row being the
 * previous reading of the page's last one (for its consumption) and the sign of an older page.
 */
export function readingsPageOptions(
  api: ApiClient,
  readings: ResourceDescriptor,
  field: string,
  device: RowId,
  after: number | undefined,
) {
  const query = {
    filter: `${field}=${device}`,
    sort: '-timestamp_received',
    page_size: PAGE_SIZE + 1,
    page_after_id: after,
  };
  return queryOptions({
    queryKey: [...resourceKeys.all(readings.name), 'panel', String(device), after ?? null],
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/measurements/', { params: { query }, signal }))).results,
    placeholderData: keepPreviousData,
  });
}

/** `GET /tariffdevices/{id}/consumption/?from=&to=&bucket=` (kWh per bucket). */
export function consumptionOptions(
  api: ApiClient,
  readings: ResourceDescriptor,
  device: RowId,
  period: Period,
  bucket: Bucket,
) {
  const query = { from: period.from, to: period.to, bucket };
  return queryOptions({
    queryKey: [
      ...resourceKeys.all(readings.name),
      'consumption',
      String(device),
      period.from,
      period.to,
      bucket,
    ],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/tariffdevices/{id}/consumption/', {
          params: { path: { id: Number(device) }, query },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * The panel's server reads, as TanStack Query options. Every key starts with
 * `resourceKeys.all(<measurements>)`, so invalidating the measurements resource after a new
 * reading refreshes the table, the latest reading and the chart at once.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RequestFn, ResourceDescriptor, RowId } from '../../../src/resources';
import { resourceKeys } from '../../../src/resources';
import type { Bucket, ConsumptionBucket, Period, Reading } from './readings';

/** Rows shown per page of the table. */
export const PAGE_SIZE = 20;

interface Page {
  readonly results: readonly Reading[];
}

/**
 * One page of a device's readings, newest first: `PAGE_SIZE + 1` rows after the reading
 * `after` (keyset paging, `page_after_id`; undefined: the newest), the extra row being the
 * previous reading of the page's last one (for its consumption) and the sign of an older page.
 */
export function readingsPageOptions(
  request: RequestFn,
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
    queryFn: async ({ signal }) => {
      const answer = await request<Page>('GET', readings.path, { query, signal });
      return answer.data.results ?? [];
    },
    placeholderData: keepPreviousData,
  });
}

/** `<devices path><id>/consumption/` */
export function consumptionPath(devices: ResourceDescriptor, device: RowId): string {
  const base = devices.path.endsWith('/') ? devices.path : `${devices.path}/`;
  return `${base}${encodeURIComponent(String(device))}/consumption/`;
}

/** `GET /tariffdevices/{id}/consumption/?from=&to=&bucket=` (kWh per bucket). */
export function consumptionOptions(
  request: RequestFn,
  readings: ResourceDescriptor,
  devices: ResourceDescriptor,
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
    queryFn: async ({ signal }) => {
      const answer = await request<ConsumptionBucket[]>('GET', consumptionPath(devices, device), {
        query,
        signal,
      });
      return answer.data;
    },
    placeholderData: keepPreviousData,
  });
}

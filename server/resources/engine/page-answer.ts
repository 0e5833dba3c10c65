/**
 * DRF's page-number paginated answer `{"count", "next", "previous", "results"}` with
 * absolute `next` / `previous` URLs (docs/api.md "Lists"): built here once for the list
 * engine (`list.ts`), a row's history (`history.ts`) and the titles endpoint (`titles.ts`).
 */
import type { FastifyRequest } from 'fastify';
import { absoluteUrlWith } from '../../http/urls';

/** One page of a page-number paginated answer. */
export interface PageAnswer<T> {
  /** How many items all pages hold together. */
  readonly count: number;
  /** The request's URL with the next page number, or null on the last page. */
  readonly next: string | null;
  /** The request's URL with the previous page number (page 1 without `page`), or null on page 1. */
  readonly previous: string | null;
  readonly results: T[];
}

/**
 * Page `page` (1-based) of `count` items: `results` are its items, the first at `offset`
 * (`(page - 1) × page size`). The links keep the request's other query parameters.
 */
export function pageAnswer<T>(
  request: FastifyRequest,
  page: number,
  offset: number,
  count: number,
  results: T[],
): PageAnswer<T> {
  return {
    count,
    next:
      offset + results.length < count ? absoluteUrlWith(request, { page: String(page + 1) }) : null,
    previous:
      page <= 1
        ? null
        : page === 2
          ? absoluteUrlWith(request, {}, ['page'])
          : absoluteUrlWith(request, { page: String(page - 1) }),
    results,
  };
}

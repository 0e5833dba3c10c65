/**
 * The answers to the GETs index.html sent before the app's code was here (`earlyStart`,
 * `window.__jouleEarly`): the HTTP layer takes one instead of asking again when it is the
 * same request (same URL, parameters in any order; same `Authorization` and
 * `Accept-Language`), once. So a static page's rows are on their way while its code loads.
 */
import { setEarlyResponses } from '../api';
import type { EarlyRequest } from './early-start';

/** True when `a` and `b` name the same resource with the same query parameters. */
export function sameGet(a: string, b: string, base = 'http://localhost'): boolean {
  const key = (href: string) => {
    const url = new URL(href, base);
    const query = [...url.searchParams].map((pair) => pair.join('=')).sort();
    return `${url.origin}${url.pathname}?${query.join('&')}`;
  };
  return key(a) === key(b);
}

/** The early answer to `request`, removed from `entries`; null when none matches. */
export function takeEarlyResponse(
  request: Request,
  entries: EarlyRequest[] | undefined = window.__jouleEarly,
): Promise<Response> | null {
  if (request.method !== 'GET' || !entries?.length) return null;
  const index = entries.findIndex(
    (entry) =>
      entry.authorization === request.headers.get('Authorization') &&
      entry.language === request.headers.get('Accept-Language') &&
      sameGet(entry.url, request.url, request.url),
  );
  return index < 0 ? null : (entries.splice(index, 1)[0]?.response ?? null);
}

/** Lets the HTTP layer take the early answers ({@link takeEarlyResponse}). */
export function adoptEarlyResponses(): void {
  setEarlyResponses((request) => takeEarlyResponse(request));
}

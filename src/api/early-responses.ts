/**
 * Answers to the GETs index.html sent before the app's code was here (`earlyStart` in
 * `src/app/early-start.ts`, as `window.__jouleEarly`): the HTTP layer takes one instead of
 * asking again when it is the same request — same URL (parameters in any order), same
 * `Authorization` and `Accept-Language` headers. Each answer is taken once.
 */

/** One early GET (the shape `earlyStart` writes). */
export interface EarlyRequestEntry {
  readonly url: string;
  readonly authorization: string;
  readonly language: string;
  readonly response: Promise<Response>;
}

/** True when `a` and `b` name the same resource with the same query parameters. */
export function sameGet(a: string, b: string, base = 'http://localhost'): boolean {
  const x = new URL(a, base);
  const y = new URL(b, base);
  if (x.origin !== y.origin || x.pathname !== y.pathname) return false;
  const entries = (url: URL) =>
    [...url.searchParams]
      .map(([key, value]) => `${key}=${value}`)
      .sort()
      .join('&');
  return entries(x) === entries(y);
}

declare global {
  interface Window {
    /** The early GETs the app has not taken yet (`earlyStart`). */
    __jouleEarly?: EarlyRequestEntry[];
  }
}

function pending(): EarlyRequestEntry[] | undefined {
  return typeof window === 'undefined' ? undefined : window.__jouleEarly;
}

/**
 * The early answer to `request` (a GET with its final headers), removed from the pending
 * ones; null when none matches.
 */
export function takeEarlyResponse(
  request: Request,
  entries: EarlyRequestEntry[] | undefined = pending(),
): Promise<Response> | null {
  if (request.method !== 'GET' || !entries?.length) return null;
  const index = entries.findIndex(
    (entry) =>
      entry.authorization === request.headers.get('Authorization') &&
      entry.language === request.headers.get('Accept-Language') &&
      sameGet(entry.url, request.url, request.url),
  );
  if (index < 0) return null;
  const [entry] = entries.splice(index, 1);
  return entry?.response ?? null;
}

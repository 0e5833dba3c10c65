import type { FastifyRequest } from 'fastify';

/**
 * The origin the client used, e.g. `http://127.0.0.1:8000`, from the request's protocol
 * and `Host` header (or `X-Forwarded-*` when the app trusts its proxy).
 */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * The absolute URL of the current request with query parameters changed: `set` replaces
 * (or adds) parameters, `remove` drops them. Parameters are sorted by name like DRF's
 * `replace_query_param`, so links are stable.
 */
export function absoluteUrlWith(
  request: FastifyRequest,
  set: Readonly<Record<string, string>>,
  remove: readonly string[] = [],
): string {
  const url = new URL(request.url, requestOrigin(request));
  for (const name of remove) url.searchParams.delete(name);
  for (const [name, value] of Object.entries(set)) url.searchParams.set(name, value);
  url.searchParams.sort();
  return url.toString();
}

/** The request's query parameters, parsed from the raw URL (repeated names: last wins). */
export function queryParams(request: FastifyRequest): URLSearchParams {
  const index = request.url.indexOf('?');
  return new URLSearchParams(index < 0 ? '' : request.url.slice(index + 1));
}

/** Last value of a query parameter, or undefined when absent (DRF's `query_params.get`). */
export function lastParam(params: URLSearchParams, name: string): string | undefined {
  const all = params.getAll(name);
  return all.length > 0 ? all[all.length - 1] : undefined;
}

import type { FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';

/**
 * The origin the client used, e.g. `http://127.0.0.1:8000`, from the request's protocol
 * and `Host` header (or `X-Forwarded-*` when the app trusts its proxy). The client controls
 * these headers: fine for links in the answer to that client (list `next` / `previous`,
 * as DRF builds them), never for links sent to someone else (mails: {@link listeningOrigin}).
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

/**
 * The origin of the address the server listens on (plain HTTP), e.g.
 * `http://127.0.0.1:8000`; a wildcard address (`0.0.0.0`, `::`) becomes `localhost`, as the
 * startup message shows it. The default base of links in mails when `JOULE_PUBLIC_URL` is
 * not set. Throws when the server is not listening on a TCP port.
 */
export function listeningOrigin(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') throw new Error('the server is not listening');
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard
    ? 'localhost'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

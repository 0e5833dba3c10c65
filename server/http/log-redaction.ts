/**
 * What the request log may show of a URL (docs/security.md "Logs"): no secret, token or
 * reset link at any level. The path of a password-reset page carries the link's token, the
 * single sign-on callback's query its code and state; both are cut before a line is written.
 */
import type { FastifyRequest } from 'fastify';

/** What a URL's path and query show in the log, secret parts as `[redacted]`. */
const REDACTED = '[redacted]';

/** Query parameters whose values are secrets wherever they appear. */
const SECRET_PARAMS = /^(?:code|state|token|access|refresh|password|id_token|session_state)$/i;

/**
 * `url` (a request's path and query) with the password-reset link's uid and token and any
 * secret-looking query value replaced by `[redacted]`.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  const safePath = path.replace(/(\/password-reset\/)[^?#]+/, `$1${REDACTED}`);
  if (query === '') return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as it came.
      }
      return eq !== -1 && SECRET_PARAMS.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** Fastify's default request serializer, with the URL redacted ({@link redactUrl}). */
export function serializeRequestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

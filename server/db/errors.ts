/**
 * Recognizes PostgreSQL errors (from `pg` or PGlite, possibly wrapped by Drizzle's
 * `DrizzleQueryError` in its `cause`) so callers can map constraint violations to 400s.
 */

/** The fields of a PostgreSQL error the server looks at. */
export interface PgError {
  /** SQLSTATE, e.g. `23505` unique violation, `23503` foreign key violation. */
  readonly code: string;
  /** Name of the violated constraint or index, when PostgreSQL reports one. */
  readonly constraint?: string;
  readonly detail?: string;
}

/** SQLSTATE codes the server handles explicitly. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';

/** The PostgreSQL error inside `error` (following `cause`), or undefined. */
export function pgErrorOf(error: unknown): PgError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return undefined;
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        detail:
          typeof (current as { detail?: unknown }).detail === 'string'
            ? (current as { detail: string }).detail
            : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/**
 * SQLSTATE classes and codes meaning "the database cannot serve now, try again": class 08
 * connection exceptions, class 53 insufficient resources (e.g. 53300 too many
 * connections), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting or shutting down) and 57014 query_canceled (the statement timeout, or a
 * cancel by an administrator).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|53...|57P0[1-3]|57014)$/;

/** Node socket errors of a connection that could not be made or was lost. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Messages of `pg` / `pg-pool` errors that carry no code: the connection ended, the pool
 * had no client in time (`connectionTimeoutMillis`), a client is unusable after a drop.
 */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client was closed and is not queryable|Client has encountered a connection error and is not queryable|Query read timeout)/;

/**
 * True when `error` (or an error in its `cause` chain, or one of an `AggregateError`'s)
 * says the database is unreachable or not serving at the moment, rather than that the
 * request or the code is wrong: the API answers 503 with `Retry-After` for it (security
 * issue, "Faults").
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 20) {
    const current = pending.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))
    )
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

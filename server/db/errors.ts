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

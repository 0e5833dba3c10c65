/**
 * Health and readiness for load balancers and orchestrators (docs/operations.md "Health"):
 *
 * - `GET /healthz`: 200 `{"status": "ok"}` while the process answers at all; no
 *   authentication, no database.
 * - `GET /readyz`: 200 `{"status": "ready", "checks": {...}}` when the database answers,
 *   every migration this code knows is applied and the job queue is started; otherwise 503
 *   with `Retry-After`, `status` `starting`, `not ready` or `stopping`, and `failing` naming
 *   the parts that are not (`database`, `migrations`, `queue`). One small query, at most one
 *   at a time however many probes arrive, bounded by {@link PROBE_TIMEOUT_MS}.
 *
 * Neither is authenticated, throttled or audited, and both answer while the server starts:
 * until {@link Readiness.started}, every other request is answered 503 `{"detail"}` with
 * `Retry-After` (`installStartGate`).
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { pgErrorOf } from '../db/errors';
import { messages } from '../i18n/messages';
import { DATABASE_RETRY_AFTER_SECONDS, sendApiError } from './error-handler';
import { detailError } from './errors';

/** SQLSTATE of a table that does not exist. */
const PG_UNDEFINED_TABLE = '42P01';

/** Longest a readiness probe waits for the database, in milliseconds. */
export const PROBE_TIMEOUT_MS = 2_000;

/** The paths that answer while the server starts and stops. */
export const HEALTH_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/** Migrations this code knows (drizzle-kit's journal): all must be applied to be ready. */
export const KNOWN_MIGRATIONS: number = (
  JSON.parse(
    readFileSync(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
  ) as { entries: unknown[] }
).entries.length;

/** A part that keeps the server from being ready. */
export type ReadinessPart = 'database' | 'migrations' | 'queue';

/** Where the start-up of migrations and the job queue stands. */
type Stage = 'pending' | 'done' | 'failed';

/**
 * What the process knows of its own readiness: whether its start-up has migrated the database
 * and started the job queue, and whether it is stopping. The database itself is asked at each
 * probe.
 */
export class Readiness {
  #migrations: Stage;
  #queue: Stage | 'off' | 'stopped';
  #stopping = false;

  /**
   * @param initial `migrations: 'done'` for a database migrated before the app was built;
   *   `queue: 'off'` when this app runs no job queue (then it is never a failing part).
   */
  constructor(initial: { migrations: 'pending' | 'done'; queue: 'pending' | 'off' }) {
    this.#migrations = initial.migrations;
    this.#queue = initial.queue;
  }

  /** Start-up has applied (or found applied) every migration. */
  migrated(): void {
    this.#migrations = 'done';
  }

  /** The job queue has started (or, with `false`, failed to). */
  queueStarted(ok = true): void {
    this.#queue = ok ? 'done' : 'failed';
  }

  /** Start-up failed while migrating. */
  migrationFailed(): void {
    this.#migrations = 'failed';
  }

  /** The process is shutting down: no longer ready, whatever the parts say. */
  stop(): void {
    this.#stopping = true;
    if (this.#queue !== 'off') this.#queue = 'stopped';
  }

  /** True once start-up has finished: migrations applied and the queue started (or off). */
  get started(): boolean {
    return this.#migrations === 'done' && (this.#queue === 'done' || this.#queue === 'off');
  }

  get stopping(): boolean {
    return this.#stopping;
  }

  /** @internal for the probe */
  get migrations(): Stage {
    return this.#migrations;
  }

  /** @internal for the probe */
  get queue(): Stage | 'off' | 'stopped' {
    return this.#queue;
  }
}

/** One probe's answer. */
export interface ReadinessReport {
  readonly ready: boolean;
  readonly status: 'ready' | 'starting' | 'not ready' | 'stopping';
  readonly failing: readonly ReadinessPart[];
  readonly checks: Readonly<Record<ReadinessPart, string>>;
}

/** The number of applied migrations, or why the database did not say in time. */
async function appliedMigrations(db: Database): Promise<number | 'unreachable' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), PROBE_TIMEOUT_MS);
  });
  const query = db
    .execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)
    .then((result) => {
      const rows = (result as unknown as { rows: { applied: number }[] }).rows;
      return Number(rows[0]?.applied ?? 0);
    })
    // No table of migrations yet: the database answers, and has none applied.
    .catch((error: unknown) =>
      pgErrorOf(error)?.code === PG_UNDEFINED_TABLE ? 0 : ('unreachable' as const),
    );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Asks the database and judges every part (see the file's comment). */
export async function probeReadiness(db: Database, readiness: Readiness): Promise<ReadinessReport> {
  const applied = await appliedMigrations(db);
  const database = typeof applied === 'number' ? 'ok' : applied;
  const migrations =
    readiness.migrations === 'pending'
      ? 'applying'
      : readiness.migrations === 'failed'
        ? 'failed'
        : typeof applied !== 'number'
          ? 'unknown'
          : applied < KNOWN_MIGRATIONS
            ? `${applied} of ${KNOWN_MIGRATIONS} applied`
            : 'ok';
  const queue = {
    pending: 'starting',
    done: 'ok',
    failed: 'failed',
    off: 'off',
    stopped: 'stopped',
  }[readiness.queue];
  const checks = { database, migrations, queue };
  const failing = (Object.keys(checks) as ReadinessPart[]).filter(
    (part) => checks[part] !== 'ok' && checks[part] !== 'off',
  );
  const status = readiness.stopping
    ? 'stopping'
    : failing.length === 0
      ? 'ready'
      : readiness.started
        ? 'not ready'
        : 'starting';
  return { ready: status === 'ready', status, failing, checks };
}

/**
 * Registers `/healthz` and `/readyz` on `app` (logged only at warn: a probe every few seconds
 * would flood the request log).
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  options: { readonly db: Database; readonly readiness: Readiness },
): void {
  let inFlight: Promise<ReadinessReport> | undefined;
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    // Probes arriving together share one query.
    inFlight ??= probeReadiness(options.db, options.readiness).finally(() => {
      inFlight = undefined;
    });
    const report = await inFlight;
    reply.header('cache-control', 'no-store');
    if (report.ready) return reply.send({ status: report.status, checks: report.checks });
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ status: report.status, failing: report.failing, checks: report.checks });
  });
}

/**
 * Answers every request but {@link HEALTH_PATHS} with 503 `{"detail"}` and `Retry-After`
 * until `readiness` has started: the server listens from the first moment, so that probes
 * see it starting, but serves nothing half-migrated.
 */
export function installStartGate(app: FastifyInstance, readiness: Readiness): void {
  app.addHook('onRequest', async (request, reply) => {
    if (readiness.started || HEALTH_PATHS.has(request.url.split('?')[0]!)) return;
    return sendApiError(
      request,
      reply,
      detailError(503, messages.starting, {
        'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
      }),
    );
  });
}

/**
 * The server's metrics (docs/operations.md "Metrics"), in the Prometheus text format through
 * prom-client. One registry per process ({@link metricsRegistry}); `GET /metrics` and the
 * metrics port answer it (`http.ts`). Every metric is named `joule_…` and exists from the
 * start (at 0), so that dashboards and alerts see it before its first event.
 *
 * Code elsewhere records events only through the functions below, which fix each metric's
 * labels: {@link countBillingRun}, {@link countBills}, {@link countReadings},
 * {@link countSignInFailure}, {@link countThrottled}, {@link timeJob}. HTTP requests are
 * counted by `installHttpMetrics`; the database pool and the job queue are read at each
 * scrape from the sources given to {@link watchDatabasePool} and {@link watchJobQueue}.
 */
import cluster from 'node:cluster';
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
} from 'prom-client';

/** This process's registry: the metrics below and Node's own (`process_*`, `nodejs_*`). */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });
if (cluster.isWorker) {
  // With JOULE_PROCESSES > 1 the primary adds up the workers' registries (main.ts); a
  // worker answers its requests once an AggregatorRegistry exists in it.
  AggregatorRegistry.setRegistries([metricsRegistry]);
  new AggregatorRegistry();
}

/** Latency buckets of HTTP requests, in seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Duration buckets of background jobs (a billing batch takes about a second), in seconds. */
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

const registers = [metricsRegistry];

/** Requests answered, by route template (`/api/v1/customers/:id/`), method and status. */
export const httpRequests = new Counter({
  name: 'joule_http_requests_total',
  help: 'HTTP requests answered, by route template, method and status code.',
  labelNames: ['route', 'method', 'status'] as const,
  registers,
});

/** Time from a request's arrival to its answer, in seconds. */
export const httpRequestDuration = new Histogram({
  name: 'joule_http_request_duration_seconds',
  help: 'Time from receiving an HTTP request to answering it, in seconds.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: HTTP_BUCKETS,
  registers,
});

/** Statements the database refused or could not run, by SQLSTATE code (or `connection`). */
export const databaseQueryErrors = new Counter({
  name: 'joule_db_query_errors_total',
  help: 'Database statements that failed, by SQLSTATE code; "connection" when the database could not be reached.',
  labelNames: ['code'] as const,
  registers,
});

/** A connection pool's numbers at the moment of a scrape. */
export interface PoolCounts {
  /** Connections open, busy or idle. */
  readonly total: number;
  /** Open connections nobody uses. */
  readonly idle: number;
  /** Requests waiting for a connection. */
  readonly waiting: number;
}

const pools = new Set<() => PoolCounts>();

/**
 * Registers a PostgreSQL pool to be read at each scrape; returns the function that forgets it
 * (call it when the pool closes). Several pools of one process are added up.
 */
export function watchDatabasePool(read: () => PoolCounts): () => void {
  pools.add(read);
  return () => pools.delete(read);
}

new Gauge({
  name: 'joule_db_pool_connections',
  help: 'PostgreSQL pool: connections in use and idle, and requests waiting for a connection.',
  labelNames: ['state'] as const,
  registers,
  collect() {
    let inUse = 0;
    let idle = 0;
    let waiting = 0;
    for (const read of pools) {
      const counts = read();
      inUse += counts.total - counts.idle;
      idle += counts.idle;
      waiting += counts.waiting;
    }
    this.set({ state: 'in_use' }, inUse);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

/** Jobs of one queue by state at the moment of a scrape. */
export interface QueueCounts {
  /** Waiting to be taken (created, or to be retried). */
  readonly queued: number;
  /** Taken by a worker and not finished. */
  readonly active: number;
}

const queues = new Map<string, () => Promise<QueueCounts>>();

/**
 * Registers a job queue to be counted at each scrape (one query); returns the function that
 * forgets it (call it when the queue stops).
 */
export function watchJobQueue(queue: string, count: () => Promise<QueueCounts>): () => void {
  queues.set(queue, count);
  return () => {
    if (queues.get(queue) === count) queues.delete(queue);
  };
}

new Gauge({
  name: 'joule_job_queue_jobs',
  help: 'Jobs of a queue waiting to be taken (queued) or being worked on (active).',
  labelNames: ['queue', 'state'] as const,
  registers,
  async collect() {
    this.reset();
    for (const [queue, count] of queues) {
      try {
        const counts = await count();
        this.set({ queue, state: 'queued' }, counts.queued);
        this.set({ queue, state: 'active' }, counts.active);
      } catch {
        // The database is down: the queue's depth is unknown, and said so by its absence.
      }
    }
  },
});

/** How long background jobs took, by kind (`billing-batch`) and outcome. */
export const jobDuration = new Histogram({
  name: 'joule_job_duration_seconds',
  help: 'Time a background job took, by kind and outcome (done, failed).',
  labelNames: ['kind', 'outcome'] as const,
  buckets: JOB_BUCKETS,
  registers,
});

/** Runs `work` as one job of `kind`, recording its duration and outcome; rethrows its error. */
export async function timeJob<T>(kind: string, work: () => Promise<T>): Promise<T> {
  const end = jobDuration.startTimer({ kind });
  try {
    const result = await work();
    end({ outcome: 'done' });
    return result;
  } catch (error) {
    end({ outcome: 'failed' });
    throw error;
  }
}

const billingRuns = new Counter({
  name: 'joule_billing_runs_total',
  help: 'Billing runs created, finished and cancelled.',
  labelNames: ['event'] as const,
  registers,
});

/** What happened to a billing run. */
export type BillingRunEvent = 'created' | 'finished' | 'cancelled';

/** Counts one billing run `event` (docs/billing.md "Billing runs"). */
export function countBillingRun(event: BillingRunEvent): void {
  billingRuns.inc({ event });
}

const bills = new Counter({
  name: 'joule_bills_total',
  help: 'Contracts billed by billing runs: invoiced, failed (with a reason), skipped (already invoiced).',
  labelNames: ['outcome'] as const,
  registers,
});

/** The outcome of billing one contract in a run. */
export type BillOutcome = 'invoiced' | 'failed' | 'skipped';

/** Counts `count` contracts of a billing run with `outcome`. */
export function countBills(outcome: BillOutcome, count = 1): void {
  if (count > 0) bills.inc({ outcome }, count);
}

const readings = new Counter({
  name: 'joule_readings_imported_total',
  help: 'Meter readings received by the API: created, unchanged (sent again) or failed.',
  labelNames: ['outcome'] as const,
  registers,
});

/** The outcome of one reading sent to the API. */
export type ReadingOutcome = 'created' | 'unchanged' | 'failed';

/** Counts `count` readings with `outcome` (single creates and `POST /measurements/bulk/`). */
export function countReadings(outcome: ReadingOutcome, count = 1): void {
  if (count > 0) readings.inc({ outcome }, count);
}

const signInFailures = new Counter({
  name: 'joule_sign_in_failures_total',
  help: 'Refused sign-ins, by reason.',
  labelNames: ['reason'] as const,
  registers,
});

/**
 * Why a sign-in was refused: wrong e-mail or password, an inactive account, a refused
 * single sign-on token, a wrong second factor, or a refresh token refused.
 */
export type SignInFailureReason = 'credentials' | 'inactive' | 'sso' | 'second_factor' | 'refresh';

/** Counts one refused sign-in (docs/security.md "Tokens"). */
export function countSignInFailure(reason: SignInFailureReason): void {
  signInFailures.inc({ reason });
}

const throttled = new Counter({
  name: 'joule_throttled_requests_total',
  help: 'Requests refused with 429 by throttling, by what was throttled.',
  labelNames: ['scope'] as const,
  registers,
});

/** What a throttle guards. */
export type ThrottleScope = 'sign_in' | 'password_reset' | 'other';

/** Counts one request refused by throttling (docs/security.md "Throttling and bounded input"). */
export function countThrottled(scope: ThrottleScope): void {
  throttled.inc({ scope });
}

// Every labelled series the dashboards read exists from the start, at 0.
for (const event of ['created', 'finished', 'cancelled'] as const) billingRuns.inc({ event }, 0);
for (const outcome of ['invoiced', 'failed', 'skipped'] as const) bills.inc({ outcome }, 0);
for (const outcome of ['created', 'unchanged', 'failed'] as const) readings.inc({ outcome }, 0);
for (const reason of ['credentials', 'inactive', 'sso', 'second_factor', 'refresh'] as const)
  signInFailures.inc({ reason }, 0);
for (const scope of ['sign_in', 'password_reset', 'other'] as const) throttled.inc({ scope }, 0);

/** The registry's metrics in the Prometheus text format, and that format's content type. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  return { body: await metricsRegistry.metrics(), contentType: metricsRegistry.contentType };
}

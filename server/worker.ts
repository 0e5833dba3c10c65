/**
 * `npm run worker`: a billing worker (docs/operations.md). It takes
 * billing batches from the pg-boss queue in the PostgreSQL database of `DATABASE_URL`
 * until SIGINT / SIGTERM, sharing runs with every other worker and server of that database.
 * `JOULE_WORKER_CONCURRENCY` batches at a time (default 1). PGlite needs no worker: the one
 * server process works its queue itself. On SIGTERM it takes no more jobs and finishes the
 * batches it bills, or hands them back to the queue past `JOULE_SHUTDOWN_TIMEOUT`
 * (docs/operations.md "Stopping and upgrading"); with `JOULE_METRICS_PORT` it answers
 * `GET /metrics` there (job durations, queue depth, database pool).
 */
import { installBillingQueue, startBillingQueue } from './billing';
import { loadConfig } from './config';
import { startMetricsServer } from './metrics';
import { createConfiguredMailer, openConfiguredDatabase } from './runtime';

const config = loadConfig(process.env);
if (!config.databaseUrl) {
  console.error('npm run worker needs DATABASE_URL: with PGlite the server bills by itself.');
  process.exit(2);
}
const concurrency = Number(process.env.JOULE_WORKER_CONCURRENCY ?? '1');
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16) {
  console.error('JOULE_WORKER_CONCURRENCY must be a whole number from 1 to 16.');
  process.exit(2);
}
const database = await openConfiguredDatabase(config, { migrate: false });
// Under the migration lock, so that servers and workers starting together install the
// queue's schema one at a time (docs/operations.md "Stopping and upgrading").
await database.migrate(() => installBillingQueue(database.db));
const queue = await startBillingQueue(database.db, {
  work: true,
  concurrency,
  // Leave the last seconds of the deadline to closing the database.
  stopTimeoutMs: Math.max(1, config.shutdownTimeout - 5) * 1000,
  onError: (error) => console.error('billing worker:', error),
  // A worker mails runs' invoices as the server does (SMTP_URL, or the data folder's outbox).
  mailer: createConfiguredMailer(config, (message) => console.log(message)),
});
const metricsServer = config.metricsListener
  ? await startMetricsServer(config.metricsListener)
  : undefined;
console.log(`Billing worker ${process.pid} is taking jobs (${database.description}).`);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    console.error(`Billing worker: still busy after ${config.shutdownTimeout} s; ending anyway.`);
    process.exit(1);
  }, config.shutdownTimeout * 1000);
  void queue
    .stop()
    .then(() => database.close())
    .then(() => metricsServer?.close())
    .then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

/**
 * `npm run worker`: a billing worker (issue #15 "Scale beyond one process"). It takes
 * billing batches from the pg-boss queue in the PostgreSQL database of `DATABASE_URL`
 * until SIGINT / SIGTERM, sharing runs with every other worker and server of that database.
 * `JOULE_WORKER_CONCURRENCY` batches at a time (default 1). PGlite needs no worker: the one
 * server process works its queue itself.
 */
import { startBillingQueue } from './billing';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './runtime';

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
const database = await openConfiguredDatabase(config);
const queue = await startBillingQueue(database.db, {
  work: true,
  concurrency,
  onError: (error) => console.error('billing worker:', error),
});
console.log(`Billing worker ${process.pid} is taking jobs (${database.description}).`);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void queue
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

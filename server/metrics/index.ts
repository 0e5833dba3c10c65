/**
 * Public surface of `server/metrics` (docs/operations.md "Metrics"): the functions that
 * record events, the watchers of the database pool and the job queue, and the HTTP side
 * (`GET /metrics`, the request counters, the separate metrics port).
 */
export {
  countBillingRun,
  countBills,
  countReadings,
  countSignInFailure,
  countThrottled,
  databaseQueryErrors,
  metricsRegistry,
  renderMetrics,
  timeJob,
  watchDatabasePool,
  watchJobQueue,
} from './metrics';
export type {
  BillOutcome,
  BillingRunEvent,
  PoolCounts,
  QueueCounts,
  ReadingOutcome,
  SignInFailureReason,
  ThrottleScope,
} from './metrics';
export { installHttpMetrics, registerMetricsRoute, startMetricsServer } from './http';
export type { MetricsRouteOptions, MetricsServer } from './http';

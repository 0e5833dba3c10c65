/**
 * Billing (docs/billing.md): the bill of a contract for a period, read from one consistent snapshot
 * and calculated by `calculate.ts` (`bill.ts`); the planning and queue of billing runs
 * (`runs/`) for those outside the folder (benches).
 */
export * from './calculate';
export { loadBillInput, loadBillInputs, type BillRequest } from './load';
export { billContract, billContractIn, billOf } from './bill';
export { loadSupplierSettings, loadVatRates, vatRateOn, type SupplierSettings } from './settings';
export { planQueued, planRun, startRun, type PlanOptions } from './runs/plan';
export { pragueToday } from './runs/process';
export { addMonths, periodEndingIn } from './runs/periods';
export { BATCH_SIZE, BILLING_QUEUE, startBillingQueue, type BillingQueue } from './runs/queue';
export { addDays, startOfDay } from './dates';
export { invoicesOpenApi, registerInvoiceRoutes } from './invoices/routes';
export {
  cancelInvoice,
  invoiceMailer,
  issueInvoice,
  sendInvoice,
  setInvoiceMailer,
} from './invoices/actions';
export { billingOpenApi, registerBillingRoutes } from './routes';
export { seedBillable } from './runs/fixtures';
export { processBatch } from './runs/process';
export { installBillingQueue } from './runs/queue';
export {
  DEFAULT_PAYMENT_MAX,
  PAYMENT_MAX_VARIABLE,
  PAYMENT_MIN,
  parsePaymentMax,
  paymentMax,
} from './payments/limits';
export {
  overdueCondition,
  PAYMENT_STATES,
  paymentState,
  type PaymentState,
} from './payments/standing';
export { paymentsOpenApi, registerPaymentRoutes } from './payments/routes';
export { buildCamt053, type SampleEntry, type SampleStatement } from './payments/camt-build';
export {
  invoiceConflict,
  invoiceOfReading,
  invoiceOfSpecification,
  invoiceOfTariff,
  readingWindows,
  windowHolding,
  type IssuedInvoice,
  type ProtectedKind,
  type ReadingWindow,
} from './integrity';

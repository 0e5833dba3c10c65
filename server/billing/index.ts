/**
 * Billing (issue #15): the bill of a contract for a period, read from one consistent snapshot
 * and calculated by `calculate.ts` (`bill.ts`); the planning and queue of billing runs
 * (`runs/`) for those outside the folder (benches).
 */
export * from './calculate';
export { loadBillInput, loadBillInputs, type BillRequest } from './load';
export { billContract, billContractIn, billOf } from './bill';
export { loadSupplierSettings, loadVatRates, vatRateOn, type SupplierSettings } from './settings';
export { planRun, type PlanOptions } from './runs/plan';
export { addMonths, periodEndingIn } from './runs/periods';
export { BATCH_SIZE, BILLING_QUEUE, startBillingQueue } from './runs/queue';
export { startOfDay } from './dates';
export { invoicesOpenApi, registerInvoiceRoutes } from './invoices/routes';
export { billingOpenApi, registerBillingRoutes } from './routes';
export { seedBillable } from './runs/fixtures';
export { processBatch } from './runs/process';
export { installBillingQueue } from './runs/queue';

/** Every table of the database; drizzle-kit reads this file to generate migrations. */
export { roles } from './roles';
export { users } from './users';
export {
  collectors,
  discounts,
  distributors,
  fuses,
  obises,
  pricelists,
  products,
  reports,
  suppliers,
} from './settings';
export { addresses, customers } from './customers';
export { contracts } from './contracts';
export { incomingPayments, payments } from './payments';
export { measurements, tariffDevices } from './devices';
export { tariffs } from './tariffs';
export { points, specifications } from './points';
export {
  accountNotices,
  auditLog,
  revokedTokens,
  sessions,
  throttleHits,
  twoFactorChallenges,
} from './security';
export { rowCounts } from './counts';
export { globalSettings, vatRates } from './billing';
export { billingRunItems, billingRuns, invoiceLines, invoiceSeries, invoices } from './invoices';
export { userPreferences } from './preferences';
export { savedViews } from './views';
export type { AuditAction } from './security';

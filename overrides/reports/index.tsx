/**
 * Reports (`/reports`, docs/product.md §2; docs/billing.md "Reports"): when the back-end publishes the
 * report endpoints (`reports_billing_totals`, `reports_consumption_by_rate`,
 * `reports_points_without_reading`, listed in the `reports` descriptor's
 * `operations.extraActions`), the page of the `reports` resource is the reports
 * (`reports-page.tsx`, lazy) and its menu entry and route follow the reports'
 * privilege, `REPORTS` (the Reports entry's own, docs/product.md §2). On a back-end without them
 * the resource keeps its generic list, or (plain DRF, no `reports` resource) there is no entry
 * and nothing is asked.
 */
import { lazyComponent, type ResourceDescriptor, type ResourceOverride } from '../../src/resources';

/** The resource whose page the reports take. */
export const REPORTS_RESOURCE = 'reports';

/** The extra actions the page calls. */
export const REPORT_ACTIONS = [
  'billing_totals',
  'consumption_by_rate',
  'points_without_reading',
] as const;

/** The reports' privilege (server/resources/reports/reports.ts). */
export const REPORTS_PRIVILEGE = 'REPORTS';

/** Whether `descriptor` (the `reports` resource) publishes every report endpoint. */
export function publishesReports(descriptor: ResourceDescriptor | undefined): boolean {
  const actions = descriptor?.operations.extraActions ?? [];
  return REPORT_ACTIONS.every((action) => actions.includes(action));
}

/** The reports override. */
export const reportsOverride: ResourceOverride = {
  descriptor: (descriptor) =>
    publishesReports(descriptor) ? { ...descriptor, privilege: REPORTS_PRIVILEGE } : descriptor,
  screen: {
    component: lazyComponent(() => import('./reports-page').then((module) => module.default)),
    available: (descriptorsByName) => publishesReports(descriptorsByName[REPORTS_RESOURCE]),
  },
};

/**
 * The audit log (`/audit`, docs/api.md "Audit"; docs/security.md): the API publishes
 * `GET /audit/` as a read-only list (`audit_list`, `x-privilege: AUDIT`), so codegen
 * describes it as the resource `audit` and the shell gives it a route, a menu entry and a
 * guard by its privilege. Its page here takes the generic list's place: every change in
 * the user's language (the changed record's name, who, when, each field before and after),
 * filtered by who, action, record type and time (`audit-page.tsx`, lazy).
 */
import { lazyComponent, type ResourceOverride } from '../../src/resources';

/** The resource the audit log is published as. */
export const AUDIT_RESOURCE = 'audit';

/** The audit override: its page in place of the list. */
export const auditOverride: ResourceOverride = {
  screen: {
    component: lazyComponent(() => import('./audit-page').then((module) => module.default)),
    available: (descriptorsByName) =>
      descriptorsByName[AUDIT_RESOURCE]?.operations.list === true &&
      (descriptorsByName[AUDIT_RESOURCE]?.listParams ?? []).includes('resource'),
  },
};

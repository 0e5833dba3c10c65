/**
 * An invoice's dates (docs/billing.md "Invoices"): taxable supply date = the period's last day
 * (`to` − 1 day), due date = issue date + 14 days.
 */
import type { BillPeriod } from '../calculate';
import { addDays } from '../dates';

/** Days from issue to due date. */
export const DUE_DAYS = 14;

/** Issue, taxable supply and due dates (ISO) of an invoice for `period` issued on `issueDate`. */
export function invoiceDates(period: BillPeriod, issueDate: string) {
  return {
    issueDate,
    taxableSupplyDate: addDays(period.to, -1),
    dueDate: addDays(issueDate, DUE_DAYS),
  };
}

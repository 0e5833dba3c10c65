/**
 * An invoice's standing (docs/billing.md "Standing"): how far its payments settle it, and
 * whether it is overdue. The payment state is kept in the database by a trigger
 * (migration 0019) with the same rule as {@link paymentState}, which the statement
 * matching uses to say what a payment will make of an invoice.
 */
import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import { text } from '../../i18n/text';

/** What an invoice's payments make of it. */
export type PaymentState = 'unpaid' | 'partly_paid' | 'paid' | 'overpaid';

/** The payment states with their display names (the invoices' `payment_state` choices). */
export const PAYMENT_STATES = [
  { value: 'unpaid', label: text('Unpaid', 'Neuhrazená') },
  { value: 'partly_paid', label: text('Partly paid', 'Částečně uhrazená') },
  { value: 'paid', label: text('Paid', 'Uhrazená') },
  { value: 'overpaid', label: text('Overpaid', 'Přeplacená') },
] as const satisfies readonly { value: PaymentState; label: unknown }[];

/** The time zone of due dates (the supplier's market). */
const ZONE = 'Europe/Prague';

/**
 * The state of an invoice whose amount due is `due` and whose settling payments come to
 * `paid` (customer's payments minus refunds paid out; both CZK). Nothing due: paid unless
 * money moved anyway. Otherwise by the share of `due` paid: none or the wrong way → unpaid,
 * below all → partly paid, exactly → paid, more → overpaid. A refund invoice (`due` < 0)
 * is settled by refunds the same way.
 */
export function paymentState(due: Decimal.Value, paid: Decimal.Value): PaymentState {
  const owed = new Decimal(due);
  const settled = new Decimal(paid);
  if (owed.isZero()) return settled.isZero() ? 'paid' : 'overpaid';
  const share = settled.div(owed);
  if (share.lte(0)) return 'unpaid';
  if (share.lt(1)) return 'partly_paid';
  return share.eq(1) ? 'paid' : 'overpaid';
}

/**
 * SQL: the invoice (columns of `invoices` under alias `i`, or the table itself) is overdue
 * today (Europe/Prague): issued, something due from the customer, not yet paid in full, and
 * its due date has passed.
 */
export const overdueCondition: SQL = sql.raw(
  `(invoices.state = 'issued' and invoices.amount_due > 0` +
    ` and invoices.payment_state in ('unpaid', 'partly_paid')` +
    ` and invoices.due_date < (now() at time zone '${ZONE}')::date)`,
);

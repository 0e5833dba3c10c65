/**
 * The matching rules of a statement import (docs/billing.md "Bank statements"), a pure
 * function of the entries, the references already imported and the open invoices:
 *
 * 1. An entry is **refused** (with its reason) when it is no booked credit in CZK with a
 *    reference, a booking date and an amount from 0.01 up to the payment ceiling.
 * 2. An entry whose reference was imported before (or appears earlier in the same file) is
 *    **unchanged**: importing a statement again creates nothing.
 * 3. Otherwise it is **matched** to an open invoice (issued, something due, not yet paid in
 *    full) with its variable symbol: among several, the first (oldest due date) whose
 *    remaining amount equals the credit, else the oldest. The invoice becomes paid, partly
 *    paid or overpaid; a later entry of the same file sees what earlier ones paid.
 * 4. Anything else (no symbol, no open invoice with it) is **unmatched**: it waits for a
 *    person to assign it.
 */
import Decimal from 'decimal.js';
import type { StatementEntry } from './camt';
import { paymentState, type PaymentState } from './standing';

/** An issued invoice that may still be paid, as matching reads it. */
export interface OpenInvoice {
  readonly id: number;
  readonly contract: number;
  readonly number: string | null;
  /** Digits without leading zeros. */
  readonly variableSymbol: string;
  /** CZK, > 0. */
  readonly amountDue: string;
  /** CZK paid so far (net of refunds). */
  readonly paid: string;
  /** `YYYY-MM-DD`. */
  readonly dueDate: string;
}

/** Why an entry is refused. */
export type RefusalReason =
  | 'debit'
  | 'reversal'
  | 'not_booked'
  | 'currency'
  | 'no_reference'
  | 'no_date'
  | 'amount'
  | 'above_ceiling';

/** What becomes of one entry. */
export type EntryOutcome =
  | { readonly kind: 'refused'; readonly reason: RefusalReason }
  | { readonly kind: 'unchanged' }
  | {
      readonly kind: 'matched';
      readonly invoice: OpenInvoice;
      /** The invoice's state after this entry (and those before it in the file). */
      readonly state: PaymentState;
    }
  | { readonly kind: 'unmatched'; readonly why: 'no_symbol' | 'no_invoice' };

/** What matching needs besides the entries. */
export interface MatchContext {
  /** References already imported for the statement's account. */
  readonly known: ReadonlySet<string>;
  /** Open invoices by variable symbol (any order). */
  readonly invoices: ReadonlyMap<string, readonly OpenInvoice[]>;
  /** The largest payment accepted, CZK. */
  readonly ceiling: Decimal.Value;
}

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

function refusal(entry: StatementEntry, ceiling: Decimal.Value): RefusalReason | undefined {
  if (!entry.credit) return 'debit';
  if (entry.reversal) return 'reversal';
  if (entry.status !== 'BOOK') return 'not_booked';
  if (entry.currency !== 'CZK') return 'currency';
  if (entry.reference === null || entry.reference.length > 100) return 'no_reference';
  if (entry.bookingDate === null) return 'no_date';
  if (!AMOUNT.test(entry.amount) || new Decimal(entry.amount).lt('0.01')) return 'amount';
  if (new Decimal(entry.amount).gt(ceiling)) return 'above_ceiling';
  return undefined;
}

/** The outcome of each of `entries`, in order (see the module comment). */
export function matchEntries(
  entries: readonly StatementEntry[],
  context: MatchContext,
): EntryOutcome[] {
  const seen = new Set(context.known);
  // What each invoice has been paid, as the entries before the current one leave it.
  const paid = new Map<number, Decimal>();
  const paidOf = (invoice: OpenInvoice) => paid.get(invoice.id) ?? new Decimal(invoice.paid);
  const byDue = (a: OpenInvoice, b: OpenInvoice) =>
    a.dueDate.localeCompare(b.dueDate) || a.id - b.id;
  return entries.map((entry): EntryOutcome => {
    const reason = refusal(entry, context.ceiling);
    if (reason) return { kind: 'refused', reason };
    const reference = entry.reference!;
    if (seen.has(reference)) return { kind: 'unchanged' };
    seen.add(reference);
    if (entry.variableSymbol === '') return { kind: 'unmatched', why: 'no_symbol' };
    const amount = new Decimal(entry.amount);
    const open = [...(context.invoices.get(entry.variableSymbol) ?? [])]
      .filter((invoice) => paidOf(invoice).lt(invoice.amountDue))
      .sort(byDue);
    const invoice =
      open.find((candidate) =>
        new Decimal(candidate.amountDue).minus(paidOf(candidate)).eq(amount),
      ) ?? open[0];
    if (!invoice) return { kind: 'unmatched', why: 'no_invoice' };
    const after = paidOf(invoice).plus(amount);
    paid.set(invoice.id, after);
    return { kind: 'matched', invoice, state: paymentState(invoice.amountDue, after) };
  });
}

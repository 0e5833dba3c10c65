/**
 * A contract's running balance (docs/product.md: "Contract: payments with a running balance in
 * CZK"): the payments in the order they were made (date, then id), each with the sum of
 * every payment up to and including it, in exact decimals (decimal.js). A refund of an
 * overpayment is money paid back: it lowers the balance whatever the sign it was entered
 * with; every other payment counts with its own sign.
 */
import Decimal from 'decimal.js';
import type { ResourceRow } from '../../src/resources';

/** The payment type that pays money back. */
export const REFUND = 'refund';

/** One payment as the balance reads it. */
export interface BalancePayment {
  readonly id: string;
  readonly date: string;
  readonly type: string;
  readonly amount: Decimal;
}

/** A payment row's parts, or undefined when its amount or date is not readable. */
export function toBalancePayment(row: ResourceRow): BalancePayment | undefined {
  const { id, ts, type, amount } = row;
  if (typeof ts !== 'string' || (typeof amount !== 'string' && typeof amount !== 'number'))
    return undefined;
  try {
    return {
      id: String(id),
      date: ts,
      type: typeof type === 'string' ? type : '',
      amount: new Decimal(amount),
    };
  } catch {
    return undefined;
  }
}

/** The signed effect of one payment on the balance. */
export function effect(payment: BalancePayment): Decimal {
  return payment.type === REFUND ? payment.amount.abs().neg() : payment.amount;
}

/** The running balance after each payment, by payment id, and the balance after all. */
export interface Balances {
  readonly after: ReadonlyMap<string, Decimal>;
  readonly total: Decimal;
}

/** The balance after each of `rows` (any order) and in total; unreadable rows are skipped. */
export function runningBalances(rows: readonly ResourceRow[]): Balances {
  const payments = rows
    .map(toBalancePayment)
    .filter((payment): payment is BalancePayment => payment !== undefined)
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) || Number(a.id) - Number(b.id) || a.id.localeCompare(b.id),
    );
  const after = new Map<string, Decimal>();
  let total = new Decimal(0);
  for (const payment of payments) {
    total = total.plus(effect(payment));
    after.set(payment.id, total);
  }
  return { after, total };
}

/** An amount in CZK in `locale`'s format, exact to the haléř (`1 234,50 Kč`, `CZK 1,234.50`). */
export function formatCzk(amount: Decimal, locale: string): string {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'CZK',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  // A decimal string keeps every digit (Intl.NumberFormat v3), where a number might not.
  return format.format(amount.toFixed(2) as `${number}`);
}

/**
 * The bounds of a payment's amount (docs/billing.md "Payments"): more than zero and at most
 * a ceiling set by `JOULE_PAYMENT_MAX` (CZK, default {@link DEFAULT_PAYMENT_MAX}), so a
 * mistyped 9,999,999,999.99 CZK or a negative "advance" never reaches a bill. Money paid
 * back is a payment of type `refund`, never a negative amount.
 */
import Decimal from 'decimal.js';

/** The ceiling of one payment when `JOULE_PAYMENT_MAX` is unset, CZK. */
export const DEFAULT_PAYMENT_MAX = '10000000.00';

/** The smallest payment, CZK (one haléř). */
export const PAYMENT_MIN = '0.01';

/** The environment variable of the ceiling. */
export const PAYMENT_MAX_VARIABLE = 'JOULE_PAYMENT_MAX';

/**
 * `JOULE_PAYMENT_MAX` read: a positive amount in CZK with at most 2 decimal places and at
 * most 10 digits before them (the column holds 12 digits); unset or empty → the default.
 *
 * @throws Error naming the variable for any other value.
 */
export function parsePaymentMax(raw: string | undefined): Decimal {
  if (raw === undefined || raw.trim() === '') return new Decimal(DEFAULT_PAYMENT_MAX);
  const value = raw.trim();
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(value) || new Decimal(value).lt(PAYMENT_MIN))
    throw new Error(
      `${PAYMENT_MAX_VARIABLE} must be an amount in CZK from ${PAYMENT_MIN} to 9999999999.99`,
    );
  return new Decimal(value);
}

/** The ceiling in force (read from `env` on each call, so a test may change it). */
export function paymentMax(env: NodeJS.ProcessEnv = process.env): Decimal {
  return parsePaymentMax(env[PAYMENT_MAX_VARIABLE]);
}

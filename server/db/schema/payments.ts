import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { contracts } from './contracts';
import { invoices } from './invoices';

/**
 * Payments on a contract (docs/product.md §3 Contract payments, docs/billing.md "Payments");
 * amounts in CZK, always more than zero (money paid back is type `refund`). `invoice`: the
 * invoice the payment settles, if any; a trigger keeps that invoice's `paid_amount` and
 * `payment_state` (migration 0019). Choice values: resources/definitions/payments.ts.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    contract: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    type: varchar('type', { length: 20 }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    ts: date('ts', { mode: 'string' }).notNull(),
    invoice: integer('invoice_id').references(() => invoices.id),
  },
  (table) => [
    index('payments_contract_ts_idx').on(table.contract, table.ts),
    index('payments_invoice_idx').on(table.invoice),
    check('payments_amount_positive', sql`${table.amount} > 0`),
  ],
);

/**
 * Credits read from bank statements (ISO 20022 camt.053, docs/billing.md "Bank statements"):
 * one row per statement entry, unique by the account and the bank's reference of the entry,
 * so importing a statement again creates nothing. `state`: `matched` (the import paid an
 * invoice with it), `unmatched` (waiting for a person), `assigned` (a person made it a
 * payment of an invoice or a contract). `payment`: the payment it became; `invoice` and
 * `contract`: where that payment went.
 */
export const incomingPayments = pgTable(
  'incoming_payments',
  {
    id: serial('id').primaryKey(),
    /** The supplier's account the statement is of (IBAN, or the bank's own id). */
    account: varchar('account', { length: 34 }).notNull(),
    /** The bank's reference of the entry (`AcctSvcrRef`, else `NtryRef`, else the transaction's). */
    reference: varchar('reference', { length: 100 }).notNull(),
    /** The statement's `Id`. */
    statement: varchar('statement', { length: 100 }).notNull().default(''),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    /** CZK, more than zero. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** Digits without leading zeros, or empty. */
    variableSymbol: varchar('variable_symbol', { length: 10 }).notNull().default(''),
    counterpartyName: varchar('counterparty_name', { length: 140 }).notNull().default(''),
    counterpartyAccount: varchar('counterparty_account', { length: 60 }).notNull().default(''),
    message: varchar('message', { length: 300 }).notNull().default(''),
    state: varchar('state', { length: 20 }).notNull(),
    payment: integer('payment_id').references(() => payments.id),
    invoice: integer('invoice_id').references(() => invoices.id),
    contract: integer('contract_id').references(() => contracts.id),
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    uniqueIndex('incoming_payments_account_reference_key').on(table.account, table.reference),
    uniqueIndex('incoming_payments_payment_key').on(table.payment),
    index('incoming_payments_state_idx').on(table.state, table.bookingDate),
    index('incoming_payments_invoice_idx').on(table.invoice),
    index('incoming_payments_contract_idx').on(table.contract),
    check('incoming_payments_amount_positive', sql`${table.amount} > 0`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { contracts } from './contracts';
import { customers } from './customers';
import { points } from './points';

/**
 * Billing runs (docs/billing.md "Billing run"): "bill every contract due in `month`". States:
 * `running` → `done` | `cancelled`. Progress is counted from `billing_run_items`.
 */
export const billingRuns = pgTable('billing_runs', {
  id: serial('id').primaryKey(),
  /** First day of the month whose due contracts the run bills. */
  month: date('month', { mode: 'string' }).notNull(),
  state: varchar('state', { length: 20 }).notNull().default('running'),
  /** Contracts due (items) when the run was planned. */
  total: integer('total').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
});

/**
 * One contract and period of a run. `status`: `pending` → `invoiced` | `skipped` (already
 * invoiced) | `failed` (with `reasons`, the calculation's refusals) | `cancelled`.
 */
export const billingRunItems = pgTable(
  'billing_run_items',
  {
    id: serial('id').primaryKey(),
    run: integer('run_id')
      .notNull()
      .references(() => billingRuns.id, { onDelete: 'cascade' }),
    contract: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    /** Consumption points of the contract when planned (for points per second). */
    points: integer('points').notNull().default(0),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    reasons: jsonb('reasons'),
    invoice: integer('invoice_id'),
  },
  (table) => [
    index('billing_run_items_run_status_idx').on(table.run, table.status),
    uniqueIndex('billing_run_items_run_contract_key').on(table.run, table.contract),
  ],
);

/**
 * Invoices (docs/billing.md "Invoices"): `draft` → `issued` → `cancelled`. `number` is given at
 * issue from the yearly series in `invoice_series`. Amounts in CZK (numeric).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: varchar('number', { length: 10 }),
    contract: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    customer: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    run: integer('run_id').references(() => billingRuns.id, { onDelete: 'set null' }),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    taxableSupplyDate: date('taxable_supply_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    variableSymbol: varchar('variable_symbol', { length: 40 }).notNull(),
    state: varchar('state', { length: 20 }).notNull().default('draft'),
    base: numeric('base', { precision: 14, scale: 2 }).notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    vat: numeric('vat', { precision: 14, scale: 2 }).notNull(),
    production: numeric('production', { precision: 14, scale: 2 }).notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    advances: numeric('advances', { precision: 14, scale: 2 }).notNull(),
    amountDue: numeric('amount_due', { precision: 14, scale: 2 }).notNull(),
    note: varchar('note', { length: 500 }).notNull().default(''),
    /**
     * Σ of the payments settling the invoice, CZK: customer's payments (`invoice`) minus
     * refunds paid out (`refund`). Kept by a trigger on `payments` (migration 0019).
     */
    paidAmount: numeric('paid_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    /**
     * `unpaid` | `partly_paid` | `paid` | `overpaid`: `paid_amount` against `amount_due`
     * (docs/billing.md "Standing"); kept with `paid_amount`.
     */
    paymentState: varchar('payment_state', { length: 20 }).notNull().default('unpaid'),
    /**
     * What the tax document says, frozen when it is issued (docs/billing.md "Invoices"):
     * an `InvoiceDocument` (`billing/invoices/document.ts`); null for a draft. The PDF of
     * an issued or cancelled invoice is rendered from it alone.
     */
    document: jsonb('document'),
    /** When the invoice was last e-mailed to the customer (docs/billing.md "Sending"). */
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** The address it was last e-mailed to; empty when never sent. */
    sentTo: varchar('sent_to', { length: 254 }).notNull().default(''),
  },
  (table) => [
    uniqueIndex('invoices_number_key').on(table.number),
    // One live invoice per contract and period: a run skips what is already invoiced; a
    // cancelled invoice frees the period for its correction.
    uniqueIndex('invoices_contract_period_key')
      .on(table.contract, table.periodFrom, table.periodTo)
      .where(sql`state <> 'cancelled'`),
    index('invoices_customer_idx').on(table.customer),
    index('invoices_run_idx').on(table.run),
    index('invoices_receivable_idx')
      .on(table.dueDate)
      .where(sql`state = 'issued' and payment_state in ('unpaid', 'partly_paid')`),
  ],
);

/** Lines of an invoice, per point and segment (docs/billing.md "The calculation", step 4); amounts in CZK. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoice: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    point: integer('point_id').references(() => points.id),
    segmentFrom: date('segment_from', { mode: 'string' }),
    segmentTo: date('segment_to', { mode: 'string' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 6 }).notNull(),
    unit: varchar('unit', { length: 10 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (table) => [index('invoice_lines_invoice_idx').on(table.invoice, table.position)],
);

/** The yearly invoice number series: the last number given in `year`. */
export const invoiceSeries = pgTable('invoice_series', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

import {
  type AnyPgColumn,
  date,
  index,
  integer,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { products } from './settings';

/** Supply contracts (docs/product.md §3 Contract). Choice values: definitions/contracts.ts. */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    customer: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    contractNo: varchar('contract_no', { length: 30 }).notNull(),
    parentContract: integer('parent_contract_id').references((): AnyPgColumn => contracts.id),
    mode: varchar('mode', { length: 20 }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    state: varchar('state', { length: 20 }).notNull(),
    billingPeriod: varchar('billing_period', { length: 20 }).notNull(),
    billingStart: date('billing_start', { mode: 'string' }),
    accountNo: varchar('account_no', { length: 40 }).notNull().default(''),
    /** The product whose tariffs price the contract; required for billing (docs/billing.md). */
    product: integer('product_id').references(() => products.id),
  },
  (table) => [
    uniqueIndex('contracts_contract_no_key').on(table.contractNo),
    index('contracts_customer_idx').on(table.customer),
    index('contracts_parent_contract_idx').on(table.parentContract),
    index('contracts_product_idx').on(table.product),
  ],
);

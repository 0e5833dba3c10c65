import { check, date, integer, numeric, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The supplier's global settings (docs/product.md), printed on invoices: one
 * row, `id` = 1.
 */
export const globalSettings = pgTable(
  'global_settings',
  {
    id: integer('id').primaryKey().default(1),
    supplierName: varchar('supplier_name', { length: 200 }).notNull().default(''),
    /** Czech company id (IČO), 8 digits, or empty. */
    ico: varchar('ico', { length: 8 }).notNull().default(''),
    /** Czech VAT id (DIČ), e.g. `CZ12345678`, or empty. */
    dic: varchar('dic', { length: 14 }).notNull().default(''),
    /** Postal address, lines separated by newlines. */
    address: varchar('address', { length: 500 }).notNull().default(''),
    /** Bank account, Czech (`123456789/0100`) or IBAN. */
    bankAccount: varchar('bank_account', { length: 50 }).notNull().default(''),
  },
  (table) => [check('global_settings_singleton', sql`${table.id} = 1`)],
);

/** VAT rates in percent with the day each comes into force (docs/billing.md "The calculation", step 5). */
export const vatRates = pgTable(
  'vat_rates',
  {
    id: serial('id').primaryKey(),
    rate: numeric('rate', { precision: 5, scale: 2 }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
  },
  (table) => [uniqueIndex('vat_rates_valid_from_key').on(table.validFrom)],
);

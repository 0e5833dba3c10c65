import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { foldedSortIndexes, searchText, searchTextIndex } from './indexes';

/** Customers, firms or people (docs/product.md §3 Customer). */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    customerNo: varchar('customer_no', { length: 20 }).notNull(),
    /** `company` or `person` (definitions/customers.ts). */
    type: varchar('type', { length: 20 }).notNull(),
    salutation: varchar('salutation', { length: 50 }).notNull().default(''),
    companyName: varchar('company_name', { length: 200 }).notNull().default(''),
    /** IČO. */
    crn: varchar('crn', { length: 8 }).notNull().default(''),
    /** DIČ. */
    tin: varchar('tin', { length: 12 }).notNull().default(''),
    titleBefore: varchar('title_before', { length: 50 }).notNull().default(''),
    firstName: varchar('first_name', { length: 100 }).notNull().default(''),
    lastName: varchar('last_name', { length: 100 }).notNull().default(''),
    titleAfter: varchar('title_after', { length: 50 }).notNull().default(''),
    birthDate: date('birth_date', { mode: 'string' }),
    reportEmail: varchar('report_email', { length: 254 }).notNull().default(''),
    /** Where invoices are e-mailed (docs/billing.md "Sending"); empty: `report_email`. */
    documentEmail: varchar('document_email', { length: 254 }).notNull().default(''),
    /** `cs` or `en`: the language of the customer's documents and mails. */
    language: varchar('language', { length: 2 }).notNull().default('cs'),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** Folded search text (definitions/customers.ts `searchColumn`). */
    search: searchText(['customer_no', 'company_name', 'first_name', 'last_name', 'crn']),
  },
  (table) => [
    uniqueIndex('customers_customer_no_key').on(table.customerNo),
    // Sorted pages: the engine orders text by its folded form, then the text, then id.
    ...foldedSortIndexes('customers', table.id, {
      customer_no: table.customerNo,
      last_name: table.lastName,
      company_name: table.companyName,
    }),
    // Accent-insensitive search over the search fields (definitions/customers.ts).
    searchTextIndex('customers', table.search),
  ],
);

/** Addresses of a customer (docs/product.md §3 Address). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customer: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** `permanent`, `billing`, `correspondence` or `supply` (definitions/customers.ts). */
    type: varchar('type', { length: 20 }).notNull(),
    street: varchar('street', { length: 200 }).notNull(),
    city: varchar('city', { length: 100 }).notNull(),
    zipCode: varchar('zip_code', { length: 6 }).notNull(),
    country: varchar('country', { length: 2 }).notNull().default('CZ'),
    flatNo: varchar('flat_no', { length: 20 }).notNull().default(''),
    floor: varchar('floor', { length: 20 }).notNull().default(''),
  },
  (table) => [index('addresses_customer_idx').on(table.customer)],
);

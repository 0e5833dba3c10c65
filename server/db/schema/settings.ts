import {
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Products sold to customers (docs/product.md §3 Product). */
export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
});

/** Discounts with a validity period (docs/product.md §3 Discount). */
export const discounts = pgTable('discounts', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  validFrom: date('valid_from', { mode: 'string' }).notNull(),
  validTo: date('valid_to', { mode: 'string' }),
  /** The discount in percent, 0–100. */
  percent: numeric('percent', { precision: 5, scale: 2 }).notNull().default('0'),
  /** What it reduces: `energy`, `distribution` or `bill` (the whole bill). */
  appliesTo: varchar('applies_to', { length: 20 }).notNull().default('bill'),
});

/** Electricity suppliers (docs/product.md §3 Supplier). */
export const suppliers = pgTable('suppliers', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  code: varchar('code', { length: 20 }).notNull(),
});

/** Distribution system operators (docs/product.md §3 Distributor). */
export const distributors = pgTable('distributors', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  code: varchar('code', { length: 20 }).notNull(),
});

/** Main circuit breakers and their price per ampere (docs/product.md §3 Fuse); currents in A. */
export const fuses = pgTable('fuses', {
  id: serial('id').primaryKey(),
  text: varchar('text', { length: 100 }).notNull(),
  from1phase: integer('from_1phase'),
  to1phase: integer('to_1phase'),
  from3phase: integer('from_3phase'),
  to3phase: integer('to_3phase'),
  priceForEveryA: numeric('price_for_every_a', { precision: 10, scale: 2 }).notNull(),
});

/** OBIS codes of meter registers (docs/product.md §3 OBIS code). */
export const obises = pgTable(
  'obises',
  {
    id: serial('id').primaryKey(),
    obis: varchar('obis', { length: 30 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    convertToFloat: boolean('convert_to_float').notNull().default(false),
    keep: boolean('keep').notNull().default(true),
  },
  (table) => [uniqueIndex('obises_obis_key').on(table.obis)],
);

/** Data concentrators that collect meter readings (docs/product.md §3 Collector). */
export const collectors = pgTable(
  'collectors',
  {
    id: serial('id').primaryKey(),
    serialNumber: varchar('serial_number', { length: 50 }).notNull(),
    mac: varchar('mac', { length: 17 }).notNull(),
    bootVersion: varchar('boot_version', { length: 50 }).notNull().default(''),
    name: varchar('name', { length: 100 }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }),
  },
  (table) => [uniqueIndex('collectors_serial_number_key').on(table.serialNumber)],
);

/** Price lists with a validity period (docs/product.md §3 Price list). */
export const pricelists = pgTable('pricelists', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  validFrom: date('valid_from', { mode: 'string' }).notNull(),
  validTo: date('valid_to', { mode: 'string' }),
});

/** Reports (docs/product.md §3 Report). */
export const reports = pgTable('reports', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
});

import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { collectors } from './settings';

/** Electricity meters (docs/product.md §3 Tariff device). */
export const tariffDevices = pgTable(
  'tariff_devices',
  {
    id: serial('id').primaryKey(),
    collector: integer('collector_id').references(() => collectors.id),
    serialNumber: varchar('serial_number', { length: 50 }).notNull(),
    model: varchar('model', { length: 100 }).notNull().default(''),
    eanProduction: varchar('ean_production', { length: 18 }),
    eanConsumption: varchar('ean_consumption', { length: 18 }),
    name: varchar('name', { length: 100 }).notNull(),
    calibrationDate: date('calibration_date', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    uniqueIndex('tariff_devices_serial_number_key').on(table.serialNumber),
    uniqueIndex('tariff_devices_ean_production_key').on(table.eanProduction),
    uniqueIndex('tariff_devices_ean_consumption_key').on(table.eanConsumption),
    index('tariff_devices_collector_idx').on(table.collector),
  ],
);

/** Cumulative register readings of a meter, in kWh (docs/product.md §3 measurements). */
export const measurements = pgTable(
  'measurements',
  {
    id: serial('id').primaryKey(),
    tariffDevice: integer('tariff_device_id')
      .notNull()
      .references(() => tariffDevices.id),
    timestampReceived: timestamp('timestamp_received', {
      withTimezone: true,
      mode: 'date',
    }).notNull(),
    obis181: numeric('obis_181', { precision: 15, scale: 3 }).notNull(),
    obis182: numeric('obis_182', { precision: 15, scale: 3 }).notNull(),
    obis280: numeric('obis_280', { precision: 15, scale: 3 }).notNull(),
    /**
     * Stored but not billed until a person confirms or corrects it: its consumption since the
     * previous reading is implausible (docs/billing.md "Readings to check").
     */
    toCheck: boolean('to_check').notNull().default(false),
  },
  (table) => [
    uniqueIndex('measurements_device_timestamp_key').on(
      table.tariffDevice,
      table.timestampReceived,
    ),
    // The default order (newest first, id breaking ties the same way) over all devices, for
    // keyset pages: read backwards.
    index('measurements_timestamp_id_idx').on(table.timestampReceived, table.id),
    // The readings to check, few among millions: the list's filter reads only them.
    index('measurements_to_check_idx')
      .on(table.timestampReceived, table.id)
      .where(sql`${table.toCheck}`),
  ],
);

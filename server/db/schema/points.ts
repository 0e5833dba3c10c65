import {
  type AnyPgColumn,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { foldedSortIndexes, searchText, searchTextIndex } from './indexes';
import { contracts } from './contracts';
import { tariffDevices } from './devices';
import { discounts, distributors, fuses, suppliers } from './settings';

/** Consumption (metering) points with their address (docs/product.md §3 Consumption point). */
export const points = pgTable(
  'points',
  {
    id: serial('id').primaryKey(),
    contract: integer('contract_id').references(() => contracts.id),
    /** 18-digit EAN with a GS1 check digit. */
    ean: varchar('ean', { length: 18 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    podNo: varchar('pod_no', { length: 30 }).notNull().default(''),
    street: varchar('street', { length: 200 }).notNull(),
    zipCode: varchar('zip_code', { length: 6 }).notNull(),
    city: varchar('city', { length: 100 }).notNull(),
    country: varchar('country', { length: 2 }).notNull().default('CZ'),
    building: varchar('building', { length: 50 }).notNull().default(''),
    flatNo: varchar('flat_no', { length: 20 }).notNull().default(''),
    floor: varchar('floor', { length: 20 }).notNull().default(''),
    /** Folded search text (definitions/points.ts `searchColumn`). */
    search: searchText(['ean', 'name', 'pod_no', 'street', 'city']),
  },
  (table) => [
    uniqueIndex('points_ean_key').on(table.ean),
    index('points_contract_idx').on(table.contract),
    ...foldedSortIndexes('points', table.id, { ean: table.ean, name: table.name, city: table.city }),
    searchTextIndex('points', table.search),
  ],
);

/**
 * The technical and commercial terms of a point over a period (docs/product.md §3 Specification);
 * choice values: definitions/points.ts. Capacities and powers in kW, the estimated annual
 * consumption in MWh.
 */
export const specifications = pgTable(
  'specifications',
  {
    id: serial('id').primaryKey(),
    point: integer('point_id')
      .notNull()
      .references(() => points.id),
    tariffDevice: integer('tariff_device_id').references(() => tariffDevices.id),
    state: varchar('state', { length: 20 }).notNull(),
    parentSpecification: integer('parent_specification_id').references(
      (): AnyPgColumn => specifications.id,
    ),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    distributionTariffCode: varchar('distribution_tariff_code', { length: 10 }).notNull(),
    energyDistributor: integer('energy_distributor_id').references(() => distributors.id),
    energySupplier: integer('energy_supplier_id').references(() => suppliers.id),
    mainFuse: integer('main_fuse_id').references(() => fuses.id),
    phases: varchar('phases', { length: 1 }).notNull(),
    reservedCapacity: numeric('reserved_capacity', { precision: 10, scale: 2 }),
    estimatedAnnualConsumption: numeric('estimated_annual_consumption', {
      precision: 12,
      scale: 3,
    }),
    discount: integer('discount_id').references(() => discounts.id),
    productionType: varchar('production_type', { length: 20 }),
    producerName: varchar('producer_name', { length: 200 }).notNull().default(''),
    installedPower: numeric('installed_power', { precision: 10, scale: 2 }),
    reservedPower: numeric('reserved_power', { precision: 10, scale: 2 }),
  },
  (table) => [
    index('specifications_point_valid_from_idx').on(table.point, table.validFrom),
    index('specifications_tariff_device_idx').on(table.tariffDevice),
    index('specifications_parent_specification_idx').on(table.parentSpecification),
  ],
);

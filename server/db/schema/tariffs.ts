import { date, index, integer, numeric, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { pricelists, products } from './settings';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/** Tariffs of a product: prices in CZK without VAT (docs/product.md §3 Tariff). */
export const tariffs = pgTable(
  'tariffs',
  {
    id: serial('id').primaryKey(),
    product: integer('product_id')
      .notNull()
      .references(() => products.id),
    code: varchar('code', { length: 20 }).notNull(),
    /** The price list the tariff belongs to (docs/product.md: a price list holds its tariffs). */
    priceList: integer('price_list_id').references(() => pricelists.id),
    distributionPerMwhHt: money('distribution_per_mwh_ht'),
    distributionPerMwhLt: money('distribution_per_mwh_lt'),
    otherSvcSystem: money('other_svc_system'),
    otherSvcPoze: money('other_svc_poze'),
    otherSvcPozePerA: money('other_svc_poze_per_a'),
    otherNonNetworkInfra: money('other_non_network_infra'),
    tradeMonthlyPay: money('trade_monthly_pay'),
    tradePerMwHt: money('trade_per_mw_ht'),
    tradePerMwLt: money('trade_per_mw_lt'),
    productionPerMwhHt: money('production_per_mwh_ht'),
    productionPerMwhLt: money('production_per_mwh_lt'),
    electricityTaxPerMw: money('electricity_tax_per_mw'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    price: money('price'),
    fuseFrom: integer('fuse_from'),
    fuseTo: integer('fuse_to'),
  },
  (table) => [
    index('tariffs_product_idx').on(table.product),
    index('tariffs_price_list_idx').on(table.priceList),
  ],
);

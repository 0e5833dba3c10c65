/**
 * Tariffs (docs/product.md §3 Tariff), gated by `TARIFFS`: the prices of a product for one
 * distribution rate (`code`, e.g. D02d) and validity period, in CZK without VAT, per MWh,
 * per MW, per A or per month as the field names say. The fuse condition is the range of
 * main-fuse currents (A) the tariff applies to: `fuse_from` ≤ `fuse_to`, non-negative.
 * No choice fields here. `valid_to` is empty or not before `valid_from`.
 */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tariffs } from '../../db/schema';
import { text } from '../../i18n/text';
import {
  defineResource,
  idField,
  type FieldDefinition,
  type FieldSection,
  type UnitBasis,
} from '../engine';
import { allRules, rangeRule, validityRule } from '../rules';
import { guardTariff } from './integrity';

/** The dialog's sections (docs/product.md: fields grouped from the declaration). */
const TARIFF = { key: 'tariff', label: text('Tariff', 'Tarif') };
const PRICES_HT = { key: 'prices_ht', label: text('Prices, high tariff', 'Ceny VT') };
const PRICES_LT = { key: 'prices_lt', label: text('Prices, low tariff', 'Ceny NT') };
const FEES = { key: 'fees', label: text('Other fees', 'Ostatní poplatky') };
const FUSE = { key: 'fuse', label: text('Fuse condition', 'Podmínka jističe') };

/**
 * A price in CZK paid per `per` (docs/product.md: "Kč/MWh", "CZK/MWh"), shown once by clients
 * beside the value and in the column header; the label does not name it.
 */
const money = (
  column: AnyPgColumn,
  en: string,
  cs: string,
  section: FieldSection,
  per?: UnitBasis,
): FieldDefinition => ({
  type: 'decimal',
  column,
  label: text(en, cs),
  unit: 'CZK',
  ...(per !== undefined && { per }),
  section,
  maxDigits: 12,
  decimalPlaces: 2,
  minValue: 0,
  nullable: true,
});

const amps = (column: AnyPgColumn, en: string, cs: string): FieldDefinition => ({
  type: 'integer',
  column,
  label: text(en, cs),
  unit: 'A',
  section: FUSE,
  minValue: 0,
  nullable: true,
});

/** `/api/v1/tariffs/`, gated by `TARIFFS`. */
export const tariffsResource = defineResource({
  name: 'tariffs',
  component: 'Tariff',
  privilege: 'TARIFFS',
  table: tariffs,
  labels: {
    singular: text('Tariff', 'Tarif'),
    plural: text('Tariffs', 'Tarify'),
    create: text('New tariff', 'Nový tarif'),
  },
  titleField: 'code',
  fields: {
    id: idField(tariffs.id),
    product: {
      type: 'field',
      reference: 'products',
      column: tariffs.product,
      label: text('Product', 'Produkt'),
      required: true,
      section: TARIFF,
    },
    price_list: {
      type: 'field',
      reference: 'pricelists',
      column: tariffs.priceList,
      label: text('Price list', 'Ceník'),
      nullable: true,
      section: TARIFF,
    },
    code: {
      type: 'string',
      column: tariffs.code,
      label: text('Distribution rate', 'Distribuční sazba'),
      required: true,
      maxLength: 20,
      section: TARIFF,
    },
    distribution_per_mwh_ht: money(
      tariffs.distributionPerMwhHt,
      'Distribution, high tariff',
      'Distribuce, VT',
      PRICES_HT,
      'MWh',
    ),
    distribution_per_mwh_lt: money(
      tariffs.distributionPerMwhLt,
      'Distribution, low tariff',
      'Distribuce, NT',
      PRICES_LT,
      'MWh',
    ),
    other_svc_system: money(
      tariffs.otherSvcSystem,
      'System services',
      'Systémové služby',
      FEES,
      'MWh',
    ),
    other_svc_poze: money(
      tariffs.otherSvcPoze,
      'Renewables support, cap',
      'Podpora POZE, strop',
      FEES,
      'MWh',
    ),
    other_svc_poze_per_a: money(
      tariffs.otherSvcPozePerA,
      'Renewables support by main fuse',
      'Podpora POZE podle jističe',
      FEES,
      'A/month',
    ),
    other_non_network_infra: money(
      tariffs.otherNonNetworkInfra,
      'Non-network infrastructure',
      'Nesíťová infrastruktura',
      FEES,
      'month',
    ),
    trade_monthly_pay: money(
      tariffs.tradeMonthlyPay,
      'Monthly fee',
      'Stálý měsíční plat',
      FEES,
      'month',
    ),
    trade_per_mw_ht: money(
      tariffs.tradePerMwHt,
      'Energy price, high tariff',
      'Cena silové elektřiny, VT',
      PRICES_HT,
      'MWh',
    ),
    trade_per_mw_lt: money(
      tariffs.tradePerMwLt,
      'Energy price, low tariff',
      'Cena silové elektřiny, NT',
      PRICES_LT,
      'MWh',
    ),
    production_per_mwh_ht: money(
      tariffs.productionPerMwhHt,
      'Production, high tariff',
      'Výroba, VT',
      PRICES_HT,
      'MWh',
    ),
    production_per_mwh_lt: money(
      tariffs.productionPerMwhLt,
      'Production, low tariff',
      'Výroba, NT',
      PRICES_LT,
      'MWh',
    ),
    electricity_tax_per_mw: money(
      tariffs.electricityTaxPerMw,
      'Electricity tax',
      'Daň z elektřiny',
      FEES,
      'MWh',
    ),
    valid_from: {
      type: 'date',
      column: tariffs.validFrom,
      label: text('Valid from', 'Platnost od'),
      required: true,
      section: TARIFF,
    },
    valid_to: {
      type: 'date',
      column: tariffs.validTo,
      label: text('Valid to', 'Platnost do'),
      nullable: true,
      section: TARIFF,
    },
    price: money(tariffs.price, 'Price without VAT', 'Cena bez DPH', TARIFF),
    fuse_from: amps(tariffs.fuseFrom, 'Main fuse from', 'Hlavní jistič od'),
    fuse_to: amps(tariffs.fuseTo, 'Main fuse to', 'Hlavní jistič do'),
  },
  // What a clerk reads first; the other prices wait in the column chooser (docs/product.md: the
  // tariff table fits the screen).
  listFields: [
    'code',
    'product',
    'valid_from',
    'valid_to',
    'price',
    'trade_monthly_pay',
    'distribution_per_mwh_ht',
  ],
  searchFields: ['code'],
  sortFields: ['id', 'code', 'product', 'valid_from', 'valid_to', 'price'],
  filterFields: ['product', 'price_list', 'code'],
  // A price list's dialog lists its tariffs (docs/product.md).
  listedIn: ['price_list'],
  defaultSort: ['code', 'valid_from'],
  validate: allRules(validityRule(), rangeRule([['fuse_from', 'fuse_to']])),
  // What an issued invoice was billed from stays (docs/billing.md "Integrity").
  guardWrite: guardTariff,
});

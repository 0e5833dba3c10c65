/**
 * Tariffs (SPEC §3 Tariff), gated by `TARIFFS`: the prices of a product for one
 * distribution rate (`code`, e.g. D02d) and validity period, in CZK without VAT, per MWh,
 * per MW, per A or per month as the field names say. The fuse condition is the range of
 * main-fuse currents (A) the tariff applies to: `fuse_from` ≤ `fuse_to`, non-negative.
 * No choice fields here. `valid_to` is empty or not before `valid_from`.
 */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tariffs } from '../../db/schema';
import { text, type Text } from '../../i18n/text';
import { defineResource, idField, type FieldDefinition } from '../engine';
import { allRules, rangeRule, validityRule } from './rules';

/** What a price is paid for, shown in its label (issue 17: "za MWh", "per MWh"). */
const PER_MWH = text('per MWh', 'za MWh');
const PER_MONTH = text('per month', 'za měsíc');
const PER_A_MONTH = text('per A per month', 'za A a měsíc');

const money = (column: AnyPgColumn, en: string, cs: string, basis?: Text): FieldDefinition => ({
  type: 'decimal',
  column,
  label: basis
    ? text(`${en} (CZK ${basis.en})`, `${cs} (Kč ${basis.cs})`)
    : text(`${en} (CZK)`, `${cs} (Kč)`),
  unit: 'CZK',
  maxDigits: 12,
  decimalPlaces: 2,
  minValue: 0,
  nullable: true,
});

const amps = (column: AnyPgColumn, en: string, cs: string): FieldDefinition => ({
  type: 'integer',
  column,
  label: text(`${en} (A)`, `${cs} (A)`),
  unit: 'A',
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
    },
    price_list: {
      type: 'field',
      reference: 'pricelists',
      column: tariffs.priceList,
      label: text('Price list', 'Ceník'),
      nullable: true,
    },
    code: {
      type: 'string',
      column: tariffs.code,
      label: text('Distribution rate', 'Distribuční sazba'),
      required: true,
      maxLength: 20,
    },
    distribution_per_mwh_ht: money(
      tariffs.distributionPerMwhHt,
      'Distribution, high tariff',
      'Distribuce, VT',
      PER_MWH,
    ),
    distribution_per_mwh_lt: money(
      tariffs.distributionPerMwhLt,
      'Distribution, low tariff',
      'Distribuce, NT',
      PER_MWH,
    ),
    other_svc_system: money(tariffs.otherSvcSystem, 'System services', 'Systémové služby', PER_MWH),
    other_svc_poze: money(
      tariffs.otherSvcPoze,
      'Renewables support, cap',
      'Podpora POZE, strop',
      PER_MWH,
    ),
    other_svc_poze_per_a: money(
      tariffs.otherSvcPozePerA,
      'Renewables support by main fuse',
      'Podpora POZE podle jističe',
      PER_A_MONTH,
    ),
    other_non_network_infra: money(
      tariffs.otherNonNetworkInfra,
      'Non-network infrastructure',
      'Nesíťová infrastruktura',
      PER_MONTH,
    ),
    trade_monthly_pay: money(
      tariffs.tradeMonthlyPay,
      'Monthly fee',
      'Stálý měsíční plat',
      PER_MONTH,
    ),
    trade_per_mw_ht: money(
      tariffs.tradePerMwHt,
      'Energy price, high tariff',
      'Cena silové elektřiny, VT',
      PER_MWH,
    ),
    trade_per_mw_lt: money(
      tariffs.tradePerMwLt,
      'Energy price, low tariff',
      'Cena silové elektřiny, NT',
      PER_MWH,
    ),
    production_per_mwh_ht: money(
      tariffs.productionPerMwhHt,
      'Production, high tariff',
      'Výroba, VT',
      PER_MWH,
    ),
    production_per_mwh_lt: money(
      tariffs.productionPerMwhLt,
      'Production, low tariff',
      'Výroba, NT',
      PER_MWH,
    ),
    electricity_tax_per_mw: money(
      tariffs.electricityTaxPerMw,
      'Electricity tax',
      'Daň z elektřiny',
      PER_MWH,
    ),
    valid_from: {
      type: 'date',
      column: tariffs.validFrom,
      label: text('Valid from', 'Platnost od'),
      required: true,
    },
    valid_to: {
      type: 'date',
      column: tariffs.validTo,
      label: text('Valid to', 'Platnost do'),
      nullable: true,
    },
    price: money(tariffs.price, 'Price without VAT', 'Cena bez DPH'),
    fuse_from: amps(tariffs.fuseFrom, 'Main fuse from', 'Hlavní jistič od'),
    fuse_to: amps(tariffs.fuseTo, 'Main fuse to', 'Hlavní jistič do'),
  },
  // What a clerk reads first; the other prices wait in the column chooser (issue 17: the
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
  // A price list's dialog lists its tariffs (issue 17).
  listedIn: ['price_list'],
  ordering: ['code', 'valid_from'],
  validate: allRules(validityRule(), rangeRule([['fuse_from', 'fuse_to']])),
});

/**
 * Tariffs (SPEC §3 Tariff), gated by `TARIFFS`: the prices of a product for one
 * distribution rate (`code`, e.g. D02d) and validity period, in CZK without VAT, per MWh,
 * per MW, per A or per month as the field names say. The fuse condition is the range of
 * main-fuse currents (A) the tariff applies to: `fuse_from` ≤ `fuse_to`, non-negative.
 * No choice fields here. `valid_to` is empty or not before `valid_from`.
 */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tariffs } from '../../db/schema';
import { text } from '../../i18n/text';
import { defineResource, idField, type FieldDefinition } from '../engine';
import { allRules, rangeRule, validityRule } from './rules';

const money = (column: AnyPgColumn, en: string, cs: string): FieldDefinition => ({
  type: 'decimal',
  column,
  label: text(`${en} (CZK)`, `${cs} (Kč)`),
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
  labels: { singular: text('Tariff', 'Tarif'), plural: text('Tariffs', 'Tarify') },
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
    code: {
      type: 'string',
      column: tariffs.code,
      label: text('Distribution rate', 'Distribuční sazba'),
      required: true,
      maxLength: 20,
    },
    distribution_per_mwh_ht: money(
      tariffs.distributionPerMwhHt,
      'Distribution per MWh, high tariff',
      'Distribuce za MWh, VT',
    ),
    distribution_per_mwh_lt: money(
      tariffs.distributionPerMwhLt,
      'Distribution per MWh, low tariff',
      'Distribuce za MWh, NT',
    ),
    other_svc_system: money(tariffs.otherSvcSystem, 'System services', 'Systémové služby'),
    other_svc_poze: money(
      tariffs.otherSvcPoze,
      'Renewables support (maximum)',
      'Podpora POZE (maximum)',
    ),
    other_svc_poze_per_a: money(
      tariffs.otherSvcPozePerA,
      'Renewables support per A',
      'Podpora POZE za A',
    ),
    other_non_network_infra: money(
      tariffs.otherNonNetworkInfra,
      'Non-network infrastructure',
      'Nesíťová infrastruktura',
    ),
    trade_monthly_pay: money(tariffs.tradeMonthlyPay, 'Monthly fee', 'Stálý měsíční plat'),
    trade_per_mw_ht: money(
      tariffs.tradePerMwHt,
      'Energy per MW, high tariff',
      'Silová elektřina za MW, VT',
    ),
    trade_per_mw_lt: money(
      tariffs.tradePerMwLt,
      'Energy per MW, low tariff',
      'Silová elektřina za MW, NT',
    ),
    production_per_mwh_ht: money(
      tariffs.productionPerMwhHt,
      'Production per MWh, high tariff',
      'Výroba za MWh, VT',
    ),
    production_per_mwh_lt: money(
      tariffs.productionPerMwhLt,
      'Production per MWh, low tariff',
      'Výroba za MWh, NT',
    ),
    electricity_tax_per_mw: money(
      tariffs.electricityTaxPerMw,
      'Electricity tax per MW',
      'Daň z elektřiny za MW',
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
  filterFields: ['product', 'code'],
  ordering: ['code', 'valid_from'],
  validate: allRules(validityRule(), rangeRule([['fuse_from', 'fuse_to']])),
});

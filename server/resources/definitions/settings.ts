/**
 * The settings entities of docs/product.md §3: products, discounts, suppliers, distributors, fuses,
 * OBIS codes, collectors, price lists and reports. No choice fields here.
 * Rules: every `valid_from`/`valid_to` pair has `valid_to` empty or not before
 * `valid_from`; fuse ranges are non-negative with `from` ≤ `to`; OBIS codes are unique and
 * in the standard notation; collector serial numbers are unique and MACs valid.
 */
import {
  collectors,
  discounts,
  distributors,
  fuses,
  obises,
  pricelists,
  products,
  reports,
  suppliers,
} from '../../db/schema';
import { isNotNull, or } from 'drizzle-orm';
import { text } from '../../i18n/text';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { defineResource, fail, idField, ok, type FieldDefinition } from '../engine';
import { macValidator, obisValidator, rangeRule, validityRule } from '../rules';

const NAME = text('Name', 'Název');
const VALID_FROM = text('Valid from', 'Platnost od');
const VALID_TO = text('Valid to', 'Platnost do');

/** `/api/v1/products/`, gated by `PRODUCTS`. */
export const productsResource = defineResource({
  name: 'products',
  component: 'Product',
  privilege: 'PRODUCTS',
  table: products,
  labels: {
    singular: text('Product', 'Produkt'),
    plural: text('Products', 'Produkty'),
    create: text('New product', 'Nový produkt'),
  },
  titleField: 'name',
  fields: {
    id: idField(products.id),
    name: { type: 'string', column: products.name, label: NAME, required: true, maxLength: 100 },
  },
  searchFields: ['name'],
  sortFields: ['id', 'name'],
  filterFields: ['name'],
  defaultSort: ['name'],
});

/** What a discount reduces (docs/product.md: a discount has its amount and where it applies). */
const DISCOUNT_TARGETS = [
  {
    value: 'energy',
    label: text('Energy (supplier’s part)', 'Silová elektřina (část dodavatele)'),
  },
  { value: 'distribution', label: text('Distribution', 'Distribuce') },
  { value: 'bill', label: text('Whole bill', 'Celá faktura') },
] as const;

/** `/api/v1/discounts/`, gated by `DISCOUNTS`. */
export const discountsResource = defineResource({
  name: 'discounts',
  component: 'Discount',
  privilege: 'DISCOUNTS',
  table: discounts,
  labels: {
    singular: text('Discount', 'Sleva'),
    plural: text('Discounts', 'Slevy'),
    create: text('New discount', 'Nová sleva'),
  },
  titleField: 'name',
  fields: {
    id: idField(discounts.id),
    name: { type: 'string', column: discounts.name, label: NAME, required: true, maxLength: 100 },
    valid_from: { type: 'date', column: discounts.validFrom, label: VALID_FROM, required: true },
    valid_to: { type: 'date', column: discounts.validTo, label: VALID_TO, nullable: true },
    percent: {
      type: 'decimal',
      column: discounts.percent,
      label: text('Discount', 'Sleva'),
      unit: '%',
      required: true,
      maxDigits: 5,
      decimalPlaces: 2,
      minValue: 0,
      maxValue: 100,
    },
    applies_to: {
      type: 'choice',
      column: discounts.appliesTo,
      label: text('Applies to', 'Uplatňuje se na'),
      choices: DISCOUNT_TARGETS,
      default: 'bill',
    },
  },
  searchFields: ['name'],
  sortFields: ['id', 'name', 'valid_from', 'valid_to', 'percent'],
  filterFields: ['name', 'valid_from', 'valid_to', 'applies_to'],
  defaultSort: ['name'],
  validate: validityRule(),
});

/** `/api/v1/suppliers/`, gated by `UTILITIES`. */
export const suppliersResource = defineResource({
  name: 'suppliers',
  component: 'Supplier',
  privilege: 'UTILITIES',
  table: suppliers,
  labels: {
    singular: text('Supplier', 'Dodavatel'),
    plural: text('Suppliers', 'Dodavatelé'),
    create: text('New supplier', 'Nový dodavatel'),
  },
  titleField: 'name',
  titleFields: ['code', 'name'],
  fields: {
    id: idField(suppliers.id),
    name: { type: 'string', column: suppliers.name, label: NAME, required: true, maxLength: 100 },
    code: {
      type: 'string',
      column: suppliers.code,
      label: text('Code', 'Kód'),
      required: true,
      maxLength: 20,
    },
  },
  searchFields: ['name', 'code'],
  sortFields: ['id', 'name', 'code'],
  filterFields: ['name', 'code'],
  defaultSort: ['name'],
});

/** `/api/v1/distributors/`, gated by `UTILITIES`. */
export const distributorsResource = defineResource({
  name: 'distributors',
  component: 'Distributor',
  privilege: 'UTILITIES',
  table: distributors,
  labels: {
    singular: text('Distributor', 'Distributor'),
    plural: text('Distributors', 'Distributoři'),
    create: text('New distributor', 'Nový distributor'),
  },
  titleField: 'name',
  titleFields: ['code', 'name'],
  fields: {
    id: idField(distributors.id),
    name: {
      type: 'string',
      column: distributors.name,
      label: NAME,
      required: true,
      maxLength: 100,
    },
    code: {
      type: 'string',
      column: distributors.code,
      label: text('Code', 'Kód'),
      required: true,
      maxLength: 20,
    },
  },
  searchFields: ['name', 'code'],
  sortFields: ['id', 'name', 'code'],
  filterFields: ['name', 'code'],
  defaultSort: ['name'],
});

const amps = (column: AnyPgColumn, en: string, cs: string): FieldDefinition => ({
  type: 'integer',
  column,
  label: text(en, cs),
  unit: 'A',
  nullable: true,
  minValue: 0,
});

/** `/api/v1/fuses/`, gated by `FUSES`. */
export const fusesResource = defineResource({
  name: 'fuses',
  component: 'Fuse',
  privilege: 'FUSES',
  table: fuses,
  labels: {
    singular: text('Fuse', 'Jistič'),
    plural: text('Fuses', 'Jističe'),
    create: text('New fuse', 'Nový jistič'),
  },
  titleField: 'text',
  fields: {
    id: idField(fuses.id),
    text: {
      type: 'string',
      column: fuses.text,
      label: text('Designation', 'Označení'),
      required: true,
      maxLength: 100,
    },
    from_1phase: amps(fuses.from1phase, 'From, 1 phase', 'Od, 1 fáze'),
    to_1phase: amps(fuses.to1phase, 'To, 1 phase', 'Do, 1 fáze'),
    from_3phase: amps(fuses.from3phase, 'From, 3 phases', 'Od, 3 fáze'),
    to_3phase: amps(fuses.to3phase, 'To, 3 phases', 'Do, 3 fáze'),
    price_for_every_a: {
      type: 'decimal',
      column: fuses.priceForEveryA,
      label: text('Price', 'Cena'),
      unit: 'CZK',
      per: 'A/month',
      required: true,
      maxDigits: 10,
      decimalPlaces: 2,
      minValue: 0,
    },
  },
  searchFields: ['text'],
  sortFields: ['id', 'text', 'from_1phase', 'to_1phase', 'from_3phase', 'to_3phase'],
  filterFields: ['text'],
  // The fuses a supply of so many phases can take: those with a range for that many phases
  // (a specification's fuse picker, docs/declarations.md "Dependent fields").
  valueFilters: {
    phases: {
      where: (value) =>
        value === '1'
          ? ok(or(isNotNull(fuses.from1phase), isNotNull(fuses.to1phase))!)
          : value === '3'
            ? ok(or(isNotNull(fuses.from3phase), isNotNull(fuses.to3phase))!)
            : fail(text('Enter 1 or 3.', 'Zadejte 1 nebo 3.')),
    },
  },
  defaultSort: ['text'],
  validate: rangeRule([
    ['from_1phase', 'to_1phase'],
    ['from_3phase', 'to_3phase'],
  ]),
});

/** `/api/v1/obises/`, gated by `OBISES`. */
export const obisesResource = defineResource({
  name: 'obises',
  component: 'Obis',
  privilege: 'OBISES',
  table: obises,
  labels: {
    singular: text('OBIS code', 'OBIS kód'),
    plural: text('OBIS codes', 'OBIS kódy'),
    create: text('New OBIS code', 'Nový OBIS kód'),
  },
  titleField: 'obis',
  fields: {
    id: idField(obises.id),
    obis: {
      type: 'string',
      column: obises.obis,
      label: text('OBIS', 'OBIS'),
      required: true,
      maxLength: 30,
      unique: true,
      validators: [obisValidator],
    },
    description: {
      type: 'string',
      column: obises.description,
      label: text('Description', 'Popis'),
      maxLength: 200,
      allowBlank: true,
      default: '',
    },
    convert_to_float: {
      type: 'boolean',
      column: obises.convertToFloat,
      label: text('Convert to float', 'Převést na desetinné číslo'),
      default: false,
    },
    keep: {
      type: 'boolean',
      column: obises.keep,
      label: text('Keep', 'Uchovávat'),
      default: true,
    },
  },
  searchFields: ['obis', 'description'],
  sortFields: ['id', 'obis', 'description'],
  filterFields: ['obis', 'convert_to_float', 'keep'],
  defaultSort: ['obis'],
});

/** `/api/v1/collectors/`, gated by `COLLECTORS`. */
export const collectorsResource = defineResource({
  name: 'collectors',
  component: 'Collector',
  privilege: 'COLLECTORS',
  table: collectors,
  labels: {
    singular: text('Collector', 'Koncentrátor'),
    plural: text('Collectors', 'Koncentrátory'),
    create: text('New collector', 'Nový koncentrátor'),
  },
  titleField: 'name',
  titleFields: ['serial_number', 'name'],
  fields: {
    id: idField(collectors.id),
    serial_number: {
      type: 'string',
      column: collectors.serialNumber,
      label: text('Serial number', 'Výrobní číslo'),
      required: true,
      maxLength: 50,
      unique: true,
    },
    mac: {
      type: 'string',
      column: collectors.mac,
      label: text('MAC address', 'MAC adresa'),
      required: true,
      maxLength: 17,
      validators: [macValidator],
    },
    boot_version: {
      type: 'string',
      column: collectors.bootVersion,
      label: text('Boot version', 'Verze zavaděče'),
      maxLength: 50,
      allowBlank: true,
      default: '',
    },
    name: { type: 'string', column: collectors.name, label: NAME, required: true, maxLength: 100 },
    last_seen: {
      type: 'datetime',
      column: collectors.lastSeen,
      label: text('Last seen', 'Naposledy viděn'),
      nullable: true,
    },
  },
  searchFields: ['name', 'serial_number', 'mac'],
  sortFields: ['id', 'name', 'serial_number', 'last_seen'],
  filterFields: ['name', 'serial_number', 'mac'],
  defaultSort: ['name'],
});

/** `/api/v1/pricelists/`, gated by `PRICELISTS`. */
export const pricelistsResource = defineResource({
  name: 'pricelists',
  component: 'Pricelist',
  privilege: 'PRICELISTS',
  table: pricelists,
  labels: {
    singular: text('Price list', 'Ceník'),
    plural: text('Price lists', 'Ceníky'),
    create: text('New price list', 'Nový ceník'),
  },
  titleField: 'name',
  fields: {
    id: idField(pricelists.id),
    name: {
      type: 'string',
      column: pricelists.name,
      label: NAME,
      required: true,
      maxLength: 100,
    },
    valid_from: { type: 'date', column: pricelists.validFrom, label: VALID_FROM, required: true },
    valid_to: { type: 'date', column: pricelists.validTo, label: VALID_TO, nullable: true },
  },
  searchFields: ['name'],
  sortFields: ['id', 'name', 'valid_from', 'valid_to'],
  filterFields: ['name', 'valid_from', 'valid_to'],
  defaultSort: ['name'],
  validate: validityRule(),
});

/** `/api/v1/reports/`, gated by `REPORTS`. */
export const reportsResource = defineResource({
  name: 'reports',
  component: 'Report',
  privilege: 'REPORTS',
  table: reports,
  labels: {
    singular: text('Report', 'Report'),
    plural: text('Reports', 'Reporty'),
    create: text('New report', 'Nový report'),
  },
  titleField: 'name',
  fields: {
    id: idField(reports.id),
    name: { type: 'string', column: reports.name, label: NAME, required: true, maxLength: 100 },
  },
  searchFields: ['name'],
  sortFields: ['id', 'name'],
  filterFields: ['name'],
  defaultSort: ['name'],
});

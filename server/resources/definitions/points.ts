/**
 * Consumption points and their specifications (docs/product.md §3 Consumption point,
 * Specification), both gated by `POINTS`.
 *
 * Choice values (value — English / Czech):
 * - specification `state`: `planned` — Planned / Plánovaná; `active` — Active / Aktivní;
 *   `ended` — Ended / Ukončená; `cancelled` — Cancelled / Stornovaná
 * - specification `distribution_tariff_code`: the Czech distribution rates of households
 *   (`D01d` … `D61d`) and businesses (`C01d` … `C62d`) on low voltage
 * - specification `phases`: `1` — Single-phase / Jednofázové; `3` — Three-phase / Třífázové
 * - specification `production_type` (null: no production): `pv` — Photovoltaic /
 *   Fotovoltaická; `wind` — Wind / Větrná; `hydro` — Hydro / Vodní; `biogas` — Biogas /
 *   Bioplynová; `chp` — Combined heat and power / Kogenerační (KVET); `other` — Other / Jiná
 *
 * Units: `reserved_capacity`, `installed_power` and `reserved_power` in kW;
 * `estimated_annual_consumption` in MWh.
 *
 * Rules: `ean` is 18 digits with a GS1 check digit and unique; `valid_to` empty or not
 * before `valid_from`; the specifications of one point never overlap in time; creating one
 * whose `valid_from` is later than that of the point's open specification (no `valid_to`)
 * closes that one the day before, in the same transaction; `parent_specification` is
 * another specification of the same point. A point with specifications cannot be deleted
 * (400 naming them).
 */
import { and, eq, gte, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { contracts, customers, fuses, points, specifications } from '../../db/schema';
import type { FieldErrors } from '../../http/errors';
import { dateText } from '../../i18n/format';
import { text } from '../../i18n/text';
import {
  defineResource,
  idField,
  type FieldDefinition,
  type UnitSymbol,
  type ValidationContext,
} from '../engine';
import { optionalText } from './fields';
import { allRules, eanValidator, resulting, validityRule, zipValidator } from '../rules';
import { guardSpecification } from './integrity';

export const SPECIFICATION_STATES = [
  { value: 'planned', label: text('Planned', 'Plánovaná') },
  { value: 'active', label: text('Active', 'Aktivní') },
  { value: 'ended', label: text('Ended', 'Ukončená') },
  { value: 'cancelled', label: text('Cancelled', 'Stornovaná') },
] as const;

export const PHASES = [
  { value: '1', label: text('Single-phase', 'Jednofázové') },
  { value: '3', label: text('Three-phase', 'Třífázové') },
] as const;

export const PRODUCTION_TYPES = [
  { value: 'pv', label: text('Photovoltaic', 'Fotovoltaická') },
  { value: 'wind', label: text('Wind', 'Větrná') },
  { value: 'hydro', label: text('Hydro', 'Vodní') },
  { value: 'biogas', label: text('Biogas', 'Bioplynová') },
  { value: 'chp', label: text('Combined heat and power', 'Kogenerační (KVET)') },
  { value: 'other', label: text('Other', 'Jiná') },
] as const;

const rate = (code: string, en: string, cs: string) => ({
  value: code,
  label: text(`${code} – ${en}`, `${code} – ${cs}`),
});

/** Czech low-voltage distribution rates (ERÚ price decision), households D, businesses C. */
export const DISTRIBUTION_RATES = [
  rate('D01d', 'single rate, low consumption', 'jednotarifová, malá spotřeba'),
  rate('D02d', 'single rate, medium consumption', 'jednotarifová, střední spotřeba'),
  rate('D25d', 'dual rate, 8 h low tariff (water heating)', 'dvoutarifová, NT 8 h (ohřev vody)'),
  rate('D26d', 'dual rate, 8 h low tariff (storage heating)', 'dvoutarifová, NT 8 h (akumulace)'),
  rate(
    'D27d',
    'dual rate, 8 h low tariff (electric vehicle)',
    'dvoutarifová, NT 8 h (elektromobil)',
  ),
  rate(
    'D35d',
    'dual rate, 16 h low tariff (hybrid heating)',
    'dvoutarifová, NT 16 h (hybridní vytápění)',
  ),
  rate('D45d', 'dual rate, 20 h low tariff (direct heating)', 'dvoutarifová, NT 20 h (přímotop)'),
  rate(
    'D56d',
    'dual rate, 22 h low tariff (heat pump)',
    'dvoutarifová, NT 22 h (tepelné čerpadlo)',
  ),
  rate(
    'D57d',
    'dual rate, 20 h low tariff (heat pump)',
    'dvoutarifová, NT 20 h (tepelné čerpadlo)',
  ),
  rate('D61d', 'dual rate, weekend', 'dvoutarifová, víkendová'),
  rate(
    'C01d',
    'business, single rate, low consumption',
    'podnikatelé, jednotarifová, malá spotřeba',
  ),
  rate(
    'C02d',
    'business, single rate, medium consumption',
    'podnikatelé, jednotarifová, střední spotřeba',
  ),
  rate(
    'C03d',
    'business, single rate, high consumption',
    'podnikatelé, jednotarifová, vysoká spotřeba',
  ),
  rate('C25d', 'business, dual rate, 8 h low tariff', 'podnikatelé, dvoutarifová, NT 8 h'),
  rate(
    'C26d',
    'business, dual rate, 8 h low tariff (storage)',
    'podnikatelé, dvoutarifová, NT 8 h (akumulace)',
  ),
  rate(
    'C45d',
    'business, dual rate, 20 h low tariff (direct heating)',
    'podnikatelé, dvoutarifová, NT 20 h (přímotop)',
  ),
  rate(
    'C56d',
    'business, dual rate, 22 h low tariff (heat pump)',
    'podnikatelé, dvoutarifová, NT 22 h (tepelné čerpadlo)',
  ),
  rate('C62d', 'business, public lighting', 'podnikatelé, veřejné osvětlení'),
] as const;

const power = (column: AnyPgColumn, en: string, cs: string, unit: UnitSymbol): FieldDefinition => ({
  type: 'decimal',
  column,
  label: text(en, cs),
  unit,
  maxDigits: column.name === 'estimated_annual_consumption' ? 12 : 10,
  decimalPlaces: column.name === 'estimated_annual_consumption' ? 3 : 2,
  minValue: 0,
  nullable: true,
});

/** The point dialog's sections (docs/product.md: fields grouped from the declaration). */
const POINT = { key: 'point', label: text('Consumption point', 'Odběrné místo') };
const ADDRESS = { key: 'address', label: text('Address', 'Adresa') };
/** The specification dialog's sections. */
const VALIDITY = { key: 'validity', label: text('Point and validity', 'Místo a platnost') };
const SUPPLY = { key: 'supply', label: text('Supply', 'Dodávka') };
const PRODUCTION = { key: 'production', label: text('Production', 'Výroba') };

/** `/api/v1/points/`, gated by `POINTS`. */
export const pointsResource = defineResource({
  name: 'points',
  component: 'Point',
  privilege: 'POINTS',
  table: points,
  labels: {
    singular: text('Consumption point', 'Odběrné místo'),
    plural: text('Consumption points', 'Odběrná místa'),
    create: text('New consumption point', 'Nové odběrné místo'),
  },
  titleField: 'ean',
  // One title everywhere (lists, dialogs, references, breadcrumbs): `EAN – name`.
  titleFields: ['ean', { field: 'name', separator: ' – ' }],
  fields: {
    id: idField(points.id),
    contract: {
      type: 'field',
      reference: 'contracts',
      column: points.contract,
      label: text('Contract', 'Smlouva'),
      nullable: true,
      section: POINT,
    },
    ean: {
      type: 'string',
      column: points.ean,
      label: text('EAN', 'EAN'),
      helpText: text(
        '18 digits, the last a GS1 check digit.',
        '18 číslic, poslední je kontrolní číslice GS1.',
      ),
      required: true,
      minLength: 18,
      maxLength: 18,
      unique: true,
      validators: [eanValidator],
      section: POINT,
    },
    name: {
      type: 'string',
      column: points.name,
      label: text('Name', 'Název'),
      required: true,
      maxLength: 100,
      section: POINT,
    },
    pod_no: { ...optionalText(points.podNo, 'POD number', 'Číslo POD', 30), section: POINT },
    street: {
      type: 'string',
      column: points.street,
      label: text('Street', 'Ulice'),
      required: true,
      maxLength: 200,
      section: ADDRESS,
    },
    zip_code: {
      type: 'string',
      column: points.zipCode,
      label: text('ZIP code', 'PSČ'),
      required: true,
      maxLength: 6,
      validators: [zipValidator],
      section: ADDRESS,
    },
    city: {
      type: 'string',
      column: points.city,
      label: text('City', 'Obec'),
      required: true,
      maxLength: 100,
      section: ADDRESS,
    },
    country: {
      type: 'string',
      column: points.country,
      label: text('Country', 'Země'),
      maxLength: 2,
      default: 'CZ',
      section: ADDRESS,
    },
    building: { ...optionalText(points.building, 'Building', 'Budova', 50), section: ADDRESS },
    flat_no: { ...optionalText(points.flatNo, 'Flat number', 'Číslo bytu', 20), section: ADDRESS },
    floor: { ...optionalText(points.floor, 'Floor', 'Patro', 20), section: ADDRESS },
  },
  searchFields: ['ean', 'name', 'pod_no', 'street', 'city'],
  searchColumn: points.search,
  // A point is also found by its customer's name, number or IČO (through its contract).
  searchThrough: [
    (pattern) =>
      sql`${points.contract} in (select ${contracts.id} from ${contracts} join ${customers} on ${customers.id} = ${contracts.customer} where ${customers.search} like ${pattern})`,
  ],
  sortFields: ['id', 'ean', 'name', 'contract', 'city', 'zip_code'],
  filterFields: ['contract', 'ean', 'city', 'zip_code', 'country'],
  // A customer's points are those of its contracts.
  relatedFilters: {
    customer: {
      reference: 'customers',
      where: (id) =>
        sql`${points.contract} in (select ${contracts.id} from ${contracts} where ${contracts.customer} = ${id})`,
    },
  },
  // Listed in the contract's and the customer's dialog (docs/product.md), with their own page too.
  listedIn: ['contract', 'customer'],
  defaultSort: ['ean'],
});

/** The overlap's dates (`YYYY-MM-DD`) as each language writes them (docs/product.md). */
const OVERLAP = (fromDate: string, toDate: string | null) => {
  const from = dateText(fromDate);
  const to = toDate === null ? null : dateText(toDate);
  return text(
    `The validity overlaps another specification of this point (${from.en} – ${to?.en ?? 'open'}).`,
    `Platnost se překrývá s jinou specifikací tohoto odběrného místa (${from.cs} – ${to?.cs ?? 'neurčito'}).`,
  );
};
const PARENT_OTHER_POINT = text(
  'The parent specification must belong to the same consumption point.',
  'Nadřazená specifikace musí patřit stejnému odběrnému místu.',
);
/** A fuse without a range for the specification's phases (docs/declarations.md "Dependent fields"). */
const FUSE_PHASES = (phases: string) =>
  phases === '1'
    ? text(
        'This fuse is not for a single-phase supply.',
        'Tento jistič není pro jednofázové připojení.',
      )
    : text(
        'This fuse is not for a three-phase supply.',
        'Tento jistič není pro třífázové připojení.',
      );
/** A device on another point's specification in the same time. */
const DEVICE_ELSEWHERE = (ean: string) =>
  text(
    `This device is installed on another consumption point (${ean}) in this period.`,
    `Toto zařízení je v tomto období osazeno na jiném odběrném místě (${ean}).`,
  );
const PARENT_ITSELF = text(
  'A specification cannot be its own parent.',
  'Specifikace nemůže být nadřazená sama sobě.',
);

/** `YYYY-MM-DD` of the day before `date` (`YYYY-MM-DD`). */
export function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/**
 * On create: the point's open specification (no `valid_to`) that starts before
 * `validFrom`, which the new one closes. Undefined on update or when there is none.
 */
async function specificationToClose(
  db: Database,
  point: number,
  validFrom: string,
  creating: boolean,
): Promise<{ id: number; validFrom: string } | undefined> {
  if (!creating) return undefined;
  const [open] = await db
    .select({ id: specifications.id, validFrom: specifications.validFrom })
    .from(specifications)
    .where(
      and(
        eq(specifications.point, point),
        isNull(specifications.validTo),
        lt(specifications.validFrom, validFrom),
      ),
    )
    .orderBy(specifications.validFrom)
    .limit(1)
    .for('update');
  return open;
}

async function specificationRules(context: ValidationContext): Promise<FieldErrors | undefined> {
  const point = resulting(context, 'point');
  const from = resulting(context, 'valid_from');
  const to = resulting(context, 'valid_to') as string | null | undefined;
  if (typeof point !== 'number' || typeof from !== 'string') return undefined;
  if (typeof to === 'string' && to < from) return undefined; // validityRule reports it
  const errors: FieldErrors = {};
  const ownId = context.existing?.id as number | undefined;

  // The point's row lock serializes writes of its specifications, so two concurrent
  // creates cannot both pass the overlap check.
  await context.db.select({ id: points.id }).from(points).where(eq(points.id, point)).for('update');
  const closing = await specificationToClose(context.db, point, from, !context.existing);
  const conditions: (SQL | undefined)[] = [
    eq(specifications.point, point),
    or(isNull(specifications.validTo), gte(specifications.validTo, from)),
    typeof to === 'string' ? lte(specifications.validFrom, to) : undefined,
    ownId !== undefined ? ne(specifications.id, ownId) : undefined,
    closing ? ne(specifications.id, closing.id) : undefined,
  ];
  const [clash] = await context.db
    .select({ validFrom: specifications.validFrom, validTo: specifications.validTo })
    .from(specifications)
    .where(and(...conditions))
    .orderBy(specifications.validFrom)
    .limit(1);
  if (clash) errors.valid_from = [OVERLAP(clash.validFrom, clash.validTo)];

  const fuse = resulting(context, 'main_fuse');
  const phases = resulting(context, 'phases') ?? '3';
  if (typeof fuse === 'number' && typeof phases === 'string') {
    const [row] = await context.db.select().from(fuses).where(eq(fuses.id, fuse));
    const fits =
      phases === '1'
        ? row?.from1phase !== null || row?.to1phase !== null
        : row?.from3phase !== null || row?.to3phase !== null;
    if (row && !fits) errors.main_fuse = [FUSE_PHASES(phases)];
  }

  const device = resulting(context, 'tariff_device');
  if (typeof device === 'number' && resulting(context, 'state') !== 'cancelled') {
    const [elsewhere] = await context.db
      .select({ ean: points.ean })
      .from(specifications)
      .innerJoin(points, eq(points.id, specifications.point))
      .where(
        and(
          eq(specifications.tariffDevice, device),
          ne(specifications.point, point),
          ne(specifications.state, 'cancelled'),
          or(isNull(specifications.validTo), gte(specifications.validTo, from)),
          typeof to === 'string' ? lte(specifications.validFrom, to) : undefined,
        ),
      )
      .limit(1);
    if (elsewhere) errors.tariff_device = [DEVICE_ELSEWHERE(elsewhere.ean)];
  }

  const parent = resulting(context, 'parent_specification');
  if (typeof parent === 'number') {
    if (ownId === parent) errors.parent_specification = [PARENT_ITSELF];
    else {
      const [row] = await context.db
        .select({ point: specifications.point })
        .from(specifications)
        .where(eq(specifications.id, parent));
      if (row && row.point !== point) errors.parent_specification = [PARENT_OTHER_POINT];
    }
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** `/api/v1/specifications/`, gated by `POINTS`. */
export const specificationsResource = defineResource({
  name: 'specifications',
  component: 'Specification',
  privilege: 'POINTS',
  table: specifications,
  parent: 'point',
  labels: {
    singular: text('Specification', 'Specifikace'),
    plural: text('Specifications', 'Specifikace'),
    create: text('New specification', 'Nová specifikace'),
  },
  titleField: 'valid_from',
  // The point (its title) and the validity, never "Specifikace: #201" (docs/product.md).
  titleFields: ['point', 'valid_from', 'valid_to'],
  fields: {
    id: idField(specifications.id),
    point: {
      type: 'field',
      reference: 'points',
      column: specifications.point,
      label: text('Consumption point', 'Odběrné místo'),
      required: true,
      section: VALIDITY,
    },
    tariff_device: {
      type: 'field',
      reference: 'tariffdevices',
      column: specifications.tariffDevice,
      label: text('Tariff device', 'Tarifní zařízení'),
      nullable: true,
      // Offered only among devices on no other point in force (the rule is in `validate`).
      pickAmong: { free_for_point: 'point' },
      section: SUPPLY,
    },
    state: {
      type: 'choice',
      column: specifications.state,
      label: text('State', 'Stav'),
      choices: SPECIFICATION_STATES,
      default: 'planned',
      section: VALIDITY,
    },
    parent_specification: {
      type: 'field',
      reference: 'specifications',
      column: specifications.parentSpecification,
      label: text('Parent specification', 'Nadřazená specifikace'),
      nullable: true,
      section: VALIDITY,
    },
    valid_from: {
      type: 'date',
      column: specifications.validFrom,
      label: text('Valid from', 'Platnost od'),
      required: true,
      section: VALIDITY,
    },
    valid_to: {
      type: 'date',
      column: specifications.validTo,
      label: text('Valid to', 'Platnost do'),
      nullable: true,
      section: VALIDITY,
    },
    distribution_tariff_code: {
      type: 'choice',
      column: specifications.distributionTariffCode,
      label: text('Distribution rate', 'Distribuční sazba'),
      choices: DISTRIBUTION_RATES,
      required: true,
      section: SUPPLY,
    },
    energy_distributor: {
      type: 'field',
      reference: 'distributors',
      column: specifications.energyDistributor,
      label: text('Distributor', 'Distributor'),
      nullable: true,
      section: SUPPLY,
    },
    energy_supplier: {
      type: 'field',
      reference: 'suppliers',
      column: specifications.energySupplier,
      label: text('Supplier', 'Dodavatel'),
      nullable: true,
      section: SUPPLY,
    },
    main_fuse: {
      type: 'field',
      reference: 'fuses',
      column: specifications.mainFuse,
      label: text('Main fuse', 'Hlavní jistič'),
      nullable: true,
      // Offered only among fuses for the supply's phases (the rule is in `validate`).
      pickAmong: { phases: 'phases' },
      section: SUPPLY,
    },
    phases: {
      type: 'choice',
      column: specifications.phases,
      label: text('Phases', 'Fáze'),
      choices: PHASES,
      default: '3',
      section: SUPPLY,
    },
    reserved_capacity: {
      ...power(specifications.reservedCapacity, 'Reserved capacity', 'Rezervovaný příkon', 'kW'),
      section: SUPPLY,
    },
    estimated_annual_consumption: {
      ...power(
        specifications.estimatedAnnualConsumption,
        'Estimated annual consumption',
        'Předpokládaná roční spotřeba',
        'MWh',
      ),
      section: SUPPLY,
    },
    discount: {
      type: 'field',
      reference: 'discounts',
      column: specifications.discount,
      label: text('Discount', 'Sleva'),
      nullable: true,
      section: SUPPLY,
    },
    production_type: {
      type: 'choice',
      column: specifications.productionType,
      label: text('Production type', 'Typ výroby'),
      choices: PRODUCTION_TYPES,
      nullable: true,
      section: PRODUCTION,
    },
    producer_name: {
      ...optionalText(specifications.producerName, 'Producer', 'Výrobce', 200),
      section: PRODUCTION,
    },
    installed_power: {
      ...power(specifications.installedPower, 'Installed power', 'Instalovaný výkon', 'kW'),
      section: PRODUCTION,
    },
    reserved_power: {
      ...power(specifications.reservedPower, 'Reserved power', 'Rezervovaný výkon', 'kW'),
      section: PRODUCTION,
    },
  },
  sortFields: ['id', 'point', 'valid_from', 'valid_to', 'state', 'distribution_tariff_code'],
  filterFields: [
    'point',
    'tariff_device',
    'state',
    'distribution_tariff_code',
    'energy_distributor',
    'energy_supplier',
    'phases',
    'production_type',
  ],
  defaultSort: ['point', '-valid_from'],
  validate: allRules(validityRule(), specificationRules),
  // What an issued invoice was billed from stays (docs/billing.md "Integrity").
  guardWrite: guardSpecification,
  async beforeWrite(context) {
    const point = resulting(context, 'point');
    const from = resulting(context, 'valid_from');
    if (typeof point !== 'number' || typeof from !== 'string') return;
    const closing = await specificationToClose(context.db, point, from, context.mode === 'create');
    if (closing) {
      await context.db
        .update(specifications)
        .set({ validTo: dayBefore(from) })
        .where(eq(specifications.id, closing.id));
    }
  },
});

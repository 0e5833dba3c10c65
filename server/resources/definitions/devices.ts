/**
 * Tariff devices (electricity meters) and their measurements (docs/product.md §3 Tariff device),
 * both gated by `TARIFF`. No choice fields here.
 *
 * Rules: device `serial_number`, `ean_production` and `ean_consumption` unique; EANs are
 * 18 digits with a valid GS1 check digit. Readings (`obis_181` high tariff, `obis_182` low
 * tariff, `obis_280` production; cumulative registers in kWh) are non-negative, never
 * decrease along time for a device (checked against the readings before and after), are
 * not in the future and there is one per device and `timestamp_received`.
 */
import { and, asc, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { measurements, specifications, tariffDevices } from '../../db/schema';
import type { FieldErrors } from '../../http/errors';
import { decimalText } from '../../i18n/format';
import { text } from '../../i18n/text';
import { defineResource, fail, idField, ok, type FieldDefinition } from '../engine';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { eanValidator, resulting } from '../rules';
import { guardReading } from './integrity';
import { countReadings } from '../../metrics';
import { implausibility, meterHistory } from '../plausibility';

const ean = (column: AnyPgColumn, en: string, cs: string): FieldDefinition => ({
  type: 'string',
  column,
  label: text(en, cs),
  maxLength: 18,
  nullable: true,
  unique: true,
  validators: [eanValidator],
});

/** The device dialog's sections (docs/product.md: fields grouped from the declaration). */
const DEVICE = { key: 'device', label: text('Device', 'Zařízení') };
const METERING = { key: 'metering', label: text('Metering points', 'Odběrná místa') };

/** `/api/v1/tariffdevices/`, gated by `TARIFF`. */
export const tariffDevicesResource = defineResource({
  name: 'tariffdevices',
  component: 'TariffDevice',
  privilege: 'TARIFF',
  table: tariffDevices,
  labels: {
    singular: text('Device', 'Zařízení'),
    plural: text('Devices', 'Zařízení'),
    create: text('New device', 'Nové zařízení'),
  },
  titleField: 'serial_number',
  titleFields: ['serial_number', 'name'],
  fields: {
    id: idField(tariffDevices.id),
    collector: {
      type: 'field',
      reference: 'collectors',
      column: tariffDevices.collector,
      label: text('Collector', 'Koncentrátor'),
      nullable: true,
      section: DEVICE,
    },
    serial_number: {
      type: 'string',
      column: tariffDevices.serialNumber,
      label: text('Serial number', 'Výrobní číslo'),
      required: true,
      maxLength: 50,
      unique: true,
      section: DEVICE,
    },
    model: {
      type: 'string',
      column: tariffDevices.model,
      label: text('Model', 'Model'),
      maxLength: 100,
      allowBlank: true,
      default: '',
      section: DEVICE,
    },
    ean_production: {
      ...ean(tariffDevices.eanProduction, 'EAN production', 'EAN výroby'),
      section: METERING,
    },
    ean_consumption: {
      ...ean(tariffDevices.eanConsumption, 'EAN consumption', 'EAN spotřeby'),
      section: METERING,
    },
    name: {
      type: 'string',
      column: tariffDevices.name,
      label: text('Name', 'Název'),
      required: true,
      maxLength: 100,
      section: DEVICE,
    },
    calibration_date: {
      type: 'date',
      column: tariffDevices.calibrationDate,
      label: text('Calibration date', 'Datum kalibrace'),
      nullable: true,
      section: DEVICE,
    },
    active: {
      type: 'boolean',
      column: tariffDevices.active,
      label: text('Active', 'Aktivní'),
      default: true,
      section: DEVICE,
    },
  },
  searchFields: ['serial_number', 'name', 'ean_consumption', 'ean_production'],
  sortFields: ['id', 'serial_number', 'name', 'model', 'calibration_date'],
  filterFields: ['collector', 'serial_number', 'ean_consumption', 'ean_production', 'active'],
  // The devices free for point `id`: on no specification in force today of another point
  // (a specification's device picker, docs/declarations.md "Dependent fields").
  valueFilters: {
    free_for_point: {
      where: (value) =>
        /^\d{1,9}$/.test(value)
          ? ok(
              sql`${tariffDevices.id} not in (select ${specifications.tariffDevice} from ${specifications} where ${specifications.tariffDevice} is not null and ${specifications.point} <> ${Number(value)} and ${specifications.state} <> 'cancelled' and ${specifications.validFrom} <= current_date and (${specifications.validTo} is null or ${specifications.validTo} >= current_date))`,
            )
          : fail(text('Enter a valid point id.', 'Zadejte platné id odběrného místa.')),
    },
  },
  defaultSort: ['serial_number'],
});

/** Register fields and their row keys. */
export const REGISTERS = [
  ['obis_181', 'obis181'],
  ['obis_182', 'obis182'],
  ['obis_280', 'obis280'],
] as const;

const reading = (column: AnyPgColumn, en: string, cs: string): FieldDefinition => ({
  type: 'decimal',
  column,
  label: text(en, cs),
  unit: 'kWh',
  required: true,
  maxDigits: 15,
  decimalPlaces: 3,
  minValue: 0,
});

/** Rule messages of readings, shared with the bulk ingest (`bulk/measurements.ts`). */
export const IN_FUTURE = text(
  'A reading cannot be taken in the future.',
  'Odečet nemůže být z budoucnosti.',
);
/** A second, different reading of a device at the same instant. */
export const DUPLICATE = text(
  'This device already has a reading at this time.',
  'Toto zařízení už má odečet v tomto čase.',
);
/**
 * A register below the device's reading before it (`value`: a decimal string in kWh),
 * the number written as each language writes it (`20 983,040 kWh`, docs/product.md).
 */
export const lowerThanBefore = (value: string) => {
  const kwh = decimalText(value);
  return text(
    `The register cannot decrease: an earlier reading of this device has ${kwh.en} kWh.`,
    `Registr nemůže klesnout: dřívější odečet tohoto zařízení má ${kwh.cs} kWh.`,
  );
};
/** A register above the device's reading after it (`value`: a decimal string in kWh). */
export const higherThanAfter = (value: string) => {
  const kwh = decimalText(value);
  return text(
    `The register cannot decrease: a later reading of this device has ${kwh.en} kWh.`,
    `Registr nemůže klesnout: pozdější odečet tohoto zařízení má ${kwh.cs} kWh.`,
  );
};

/** `/api/v1/measurements/`, gated by `TARIFF`. */
export const measurementsResource = defineResource({
  name: 'measurements',
  component: 'Measurement',
  privilege: 'TARIFF',
  table: measurements,
  labels: {
    singular: text('Measurement', 'Odečet'),
    plural: text('Measurements', 'Odečty'),
    create: text('New measurement', 'Nový odečet'),
  },
  titleField: 'timestamp_received',
  // The device's serial number and the time, never "záznam „73001“" (docs/product.md).
  titleFields: ['tariff_device', 'timestamp_received'],
  parent: 'tariff_device',
  // The never-decreasing rule below reads the device's other readings: writes of one
  // device's readings must not interleave (the bulk ingest locks the devices likewise).
  lockParent: true,
  fields: {
    id: idField(measurements.id),
    tariff_device: {
      type: 'field',
      reference: 'tariffdevices',
      column: measurements.tariffDevice,
      label: text('Tariff device', 'Tarifní zařízení'),
      required: true,
    },
    timestamp_received: {
      type: 'datetime',
      column: measurements.timestampReceived,
      label: text('Received at', 'Čas odečtu'),
      required: true,
    },
    obis_181: reading(measurements.obis181, 'High tariff 1.8.1', 'Vysoký tarif 1.8.1'),
    obis_182: reading(measurements.obis182, 'Low tariff 1.8.2', 'Nízký tarif 1.8.2'),
    obis_280: reading(measurements.obis280, 'Production 2.8.0', 'Výroba 2.8.0'),
    // docs/billing.md "Readings to check": set by the plausibility rule, cleared by a person.
    to_check: {
      type: 'boolean',
      column: measurements.toCheck,
      label: text('To check', 'Ke kontrole'),
      default: false,
    },
  },
  sortFields: ['id', 'timestamp_received', 'tariff_device'],
  filterFields: ['tariff_device', 'to_check'],
  // Confirming a reading to check, on many at once: the same change as unticking "To check".
  bulkActions: {
    confirm: { label: text('Confirm', 'Potvrdit'), patch: { to_check: false } },
  },
  /**
   * The plausibility rule (docs/billing.md "Readings to check"): a new reading, or one whose
   * time or registers change, is flagged `to_check` when its consumption since the device's
   * previous reading is implausible. A write that sets `to_check` itself is a person's
   * decision (confirming sets it false) and is kept; a create may flag, never unflag.
   */
  async beforeWrite(context) {
    const { values, mode, db } = context;
    if (mode !== 'create' && 'to_check' in values) return undefined;
    const judged = ['tariff_device', 'timestamp_received', 'obis_181', 'obis_182'];
    if (mode !== 'create' && !judged.some((name) => name in values)) return undefined;
    const device = resulting(context, 'tariff_device');
    const at = resulting(context, 'timestamp_received');
    if (typeof device !== 'number' || !(at instanceof Date)) return undefined;
    const id = context.existing?.id;
    const [previous] = await db
      .select()
      .from(measurements)
      .where(
        and(
          eq(measurements.tariffDevice, device),
          lt(measurements.timestampReceived, at),
          typeof id === 'number' ? ne(measurements.id, id) : undefined,
        ),
      )
      .orderBy(desc(measurements.timestampReceived))
      .limit(1);
    const history = await meterHistory(db, device, at);
    const reasons = implausibility(
      previous && {
        at: previous.timestampReceived.getTime(),
        high: previous.obis181,
        low: previous.obis182,
      },
      {
        at: at.getTime(),
        high: String(resulting(context, 'obis_181')),
        low: String(resulting(context, 'obis_182')),
      },
      history,
    );
    return { to_check: (mode === 'create' && values.to_check === true) || reasons.length > 0 };
  },
  // Counted as the bulk ingest counts (docs/operations.md "Metrics").
  async afterCreate() {
    countReadings('created');
  },
  rangeFields: ['timestamp_received'],
  defaultSort: ['-timestamp_received'],
  // A reading an issued invoice was billed from stays (docs/billing.md "Integrity").
  guardWrite: guardReading,
  async validate(context) {
    const errors: FieldErrors = {};
    const device = resulting(context, 'tariff_device');
    const at = resulting(context, 'timestamp_received');
    if (typeof device !== 'number' || !(at instanceof Date)) return undefined;
    if (at.getTime() > Date.now()) {
      errors.timestamp_received = [IN_FUTURE];
      return errors;
    }
    const id = context.existing?.id;
    const others = (condition: ReturnType<typeof eq>) =>
      and(
        eq(measurements.tariffDevice, device),
        condition,
        typeof id === 'number' ? ne(measurements.id, id) : undefined,
      );
    const [same] = await context.db
      .select({ id: measurements.id })
      .from(measurements)
      .where(others(eq(measurements.timestampReceived, at)))
      .limit(1);
    if (same) {
      errors.timestamp_received = [DUPLICATE];
      return errors;
    }
    const [before] = await context.db
      .select()
      .from(measurements)
      .where(others(lt(measurements.timestampReceived, at)))
      .orderBy(desc(measurements.timestampReceived))
      .limit(1);
    const [after] = await context.db
      .select()
      .from(measurements)
      .where(others(gt(measurements.timestampReceived, at)))
      .orderBy(asc(measurements.timestampReceived))
      .limit(1);
    for (const [field, key] of REGISTERS) {
      const value = Number(resulting(context, field));
      if (before && value < Number(before[key])) errors[field] = [lowerThanBefore(before[key])];
      else if (after && value > Number(after[key])) errors[field] = [higherThanAfter(after[key])];
    }
    return Object.keys(errors).length > 0 ? errors : undefined;
  },
});

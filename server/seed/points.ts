/**
 * Demo consumption points, their specification histories, tariff devices under the
 * collectors and a year of daily readings per device (docs/product.md §3). Deterministic: every
 * value is a function of row numbers and ids, so an empty database always gets the same rows.
 *
 * Readings are made inside the database by one `INSERT … SELECT … generate_series` per
 * batch of devices ({@link insertDailyReadings}), which the large benchmark seed reuses:
 * cumulative registers in kWh that rise every day, faster in winter (high tariff 1.8.1,
 * low tariff 1.8.2 for dual-rate meters) and, for one meter in five, a production register
 * 2.8.0 rising faster in summer.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  addresses,
  collectors,
  contracts,
  discounts,
  distributors,
  fuses,
  points,
  specifications,
  suppliers,
  tariffDevices,
} from '../db/schema';
import { gs1CheckDigit } from '../resources/definitions';

/** First day of the demo readings (UTC midnight) and their number of days. */
export const DEMO_READINGS_START = '2025-01-01';
export const DEMO_READINGS_DAYS = 365;

/** The 18-digit EAN of demo point `n` (Czech prefix 859182400, GS1 check digit). */
export function demoEan(n: number, prefix = '859182400'): string {
  const first17 = prefix + String(n).padStart(17 - prefix.length, '0');
  return first17 + gs1CheckDigit(first17);
}

/**
 * Inserts daily readings for the devices with ids in `[fromId, toId]`: `days` readings each,
 * at UTC midnight from `start` (`YYYY-MM-DD`), ordered by device and time. Returns nothing;
 * the caller counts if it needs to.
 */
export async function insertDailyReadings(
  db: Database,
  options: { fromId: number; toId: number; start: string; days: number },
): Promise<void> {
  const { fromId, toId, start, days } = options;
  // Daily use r·(1 + 0.4·cos(2πd/365)) integrates to r·(d + 23.24·sin(2πd/365)): strictly
  // rising, winter-heavy. Production p·(1 − 0.6·cos) integrates to p·(d − 34.86·sin).
  // The day terms are computed once per day (365 rows), the device terms once per device;
  // each reading is then three multiply-adds and a cast.
  await db.execute(sql`
    with days as (
      select day, ${start}::timestamptz + day * interval '1 day' as at,
        day + 23.24 * sin(2 * pi() * day / 365) as use,
        day - 34.86 * sin(2 * pi() * day / 365) as sun
      from generate_series(0, ${days - 1}::integer) day),
    meters as (
      select id,
        (1000 + id::bigint * 7919 % 20000)::float8 as high0,
        4 + id * 37 % 100 / 10.0::float8 as high,
        case when id % 3 = 0 then 0 else 500 + id::bigint * 104729 % 10000 end::float8 as low0,
        case when id % 3 = 0 then 0 else 2 + id * 53 % 60 / 10.0 end::float8 as low,
        case when id % 5 <> 0 then 0 else 5 + id % 7 end::float8 as prod
      from tariff_devices where id between ${fromId}::integer and ${toId}::integer)
    insert into measurements (tariff_device_id, timestamp_received, obis_181, obis_182, obis_280)
    select m.id, d.at, (m.high0 + m.high * d.use)::numeric(15, 3),
      (m.low0 + m.low * d.use)::numeric(15, 3), (m.prod * d.sun)::numeric(15, 3)
    from meters m cross join days d
    order by m.id, d.day`);
}

const RATES_HISTORY: readonly (readonly [string, string])[] = [
  ['D02d', 'D25d'],
  ['D01d', 'D02d'],
  ['D25d', 'D56d'],
  ['D26d', 'D57d'],
  ['D45d', 'D45d'],
  ['D02d', 'D61d'],
];

/** Fills points, specifications, devices and readings when points and devices are empty. */
export async function seedPointsAndDevices(db: Database, readingDays: number): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(points);
  const [devices] = await db.select({ n: count() }).from(tariffDevices);
  if (Number(existing?.n) > 0 || Number(devices?.n) > 0) return;
  const contractRows = await db
    .select({ id: contracts.id, customer: contracts.customer, validFrom: contracts.validFrom })
    .from(contracts)
    .orderBy(asc(contracts.id));
  const collectorRows = await db
    .select({ id: collectors.id })
    .from(collectors)
    .orderBy(asc(collectors.id));
  if (contractRows.length === 0 || collectorRows.length === 0) return;
  const supply = await db
    .select({
      customer: addresses.customer,
      street: addresses.street,
      city: addresses.city,
      zip: addresses.zipCode,
    })
    .from(addresses)
    .where(eq(addresses.type, 'supply'));
  const supplyOf = new Map(supply.map((row) => [row.customer, row]));
  const firstId = async (table: typeof distributors | typeof suppliers | typeof discounts) =>
    (await db.select({ id: table.id }).from(table).orderBy(asc(table.id))).map((row) => row.id);
  const distributorIds = await firstId(distributors);
  const supplierIds = await firstId(suppliers);
  const discountIds = await firstId(discounts);
  const fuseRows = await db.select({ id: fuses.id, text: fuses.text }).from(fuses);

  const deviceRows = contractRows.map((_, index) => ({
    collector: collectorRows[index % collectorRows.length]!.id,
    serialNumber: `EM-${String(2_400_000 + index + 1)}`,
    model:
      index % 4 === 0 ? 'Landis+Gyr E360' : index % 4 === 1 ? 'Kamstrup Omnipower' : 'ZPA AM550',
    eanConsumption: demoEan(index + 1, '859182410'),
    eanProduction: (index + 1) % 5 === 0 ? demoEan(index + 1, '859182420') : null,
    name: `Elektroměr ${index + 1}`,
    calibrationDate: `20${20 + (index % 5)}-0${1 + (index % 9)}-15`,
    active: true,
  }));
  const insertedDevices = await db
    .insert(tariffDevices)
    .values(deviceRows)
    .returning({ id: tariffDevices.id });
  const ids = insertedDevices.map((row) => row.id);
  await insertDailyReadings(db, {
    fromId: Math.min(...ids),
    toId: Math.max(...ids),
    start: DEMO_READINGS_START,
    days: readingDays,
  });

  const pointRows = contractRows.map((contract, index) => {
    const address = supplyOf.get(contract.customer);
    return {
      contract: contract.id,
      ean: demoEan(index + 1),
      name: index % 7 === 0 ? 'Provozovna' : index % 3 === 0 ? 'Byt' : 'Rodinný dům',
      podNo: `POD-${String(index + 1).padStart(6, '0')}`,
      street: address?.street ?? 'Masarykova 1',
      zipCode: address?.zip ?? '110 00',
      city: address?.city ?? 'Praha',
      building: index % 7 === 0 ? 'hala B' : '',
      flatNo: index % 3 === 0 ? String(1 + (index % 40)) : '',
      floor: index % 3 === 0 ? String(index % 6) : '',
    };
  });
  const insertedPoints = await db.insert(points).values(pointRows).returning({ id: points.id });

  const fuseFor = (index: number, phases = '3') => {
    const matching = fuseRows.filter((fuse) => fuse.text.startsWith(phases));
    return matching[index % Math.min(3, matching.length)]?.id ?? null;
  };
  // The history: an earlier rate until 2024-12-31, then the current one with the meter.
  const older = insertedPoints.map(({ id }, index) => {
    const [oldRate] = RATES_HISTORY[index % RATES_HISTORY.length]!;
    const from =
      contractRows[index]!.validFrom < '2024-12-31' ? contractRows[index]!.validFrom : '2023-01-01';
    return {
      point: id,
      state: 'ended',
      validFrom: from,
      validTo: '2024-12-31',
      distributionTariffCode: oldRate,
      energyDistributor: distributorIds[index % distributorIds.length] ?? null,
      energySupplier: supplierIds[(index + 1) % supplierIds.length] ?? null,
      mainFuse: fuseFor(index),
      phases: '3',
      reservedCapacity: null,
      estimatedAnnualConsumption: `${(2.5 + (index % 9) * 0.75).toFixed(3)}`,
    };
  });
  const insertedOlder = await db
    .insert(specifications)
    .values(older)
    .returning({ id: specifications.id });
  const current = insertedPoints.map(({ id }, index) => {
    const [, rate] = RATES_HISTORY[index % RATES_HISTORY.length]!;
    const producing = (index + 1) % 5 === 0;
    return {
      point: id,
      tariffDevice: ids[index]!,
      state: 'active',
      parentSpecification: insertedOlder[index]!.id,
      validFrom: '2025-01-01',
      validTo: null,
      distributionTariffCode: rate,
      energyDistributor: distributorIds[index % distributorIds.length] ?? null,
      energySupplier: supplierIds[0] ?? null,
      // A single-phase point has a single-phase main fuse (its rated current prices it).
      mainFuse: fuseFor(index + 1, index % 10 === 9 ? '1' : '3'),
      phases: index % 10 === 9 ? '1' : '3',
      reservedCapacity: null,
      estimatedAnnualConsumption: `${(3 + (index % 9) * 0.8).toFixed(3)}`,
      discount: index % 6 === 0 ? (discountIds[0] ?? null) : null,
      productionType: producing ? 'pv' : null,
      producerName: producing ? `FVE ${pointRows[index]!.city}` : '',
      installedPower: producing ? `${(5 + (index % 6)).toFixed(2)}` : null,
      reservedPower: producing ? `${(4 + (index % 6)).toFixed(2)}` : null,
    };
  });
  await db.insert(specifications).values(current);
}

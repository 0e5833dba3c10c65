/**
 * The benchmark data set (`npm run seed -- --scale large`): the demo data, then customers up
 * to {@link LARGE_CUSTOMERS} (each with a permanent and a supply address, a contract, a
 * consumption point with its specification) and meters with daily readings up to about
 * {@link LARGE_READINGS}. Everything is made inside the database by `INSERT … SELECT …
 * generate_series` statements, deterministic like the demo seed. The readings' indexes
 * and foreign key are dropped for the load and rebuilt after it (one sorted build instead
 * of ten million index insertions), under their original names and definitions.
 */
import { count, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customers } from '../db/schema';
import { DEMO_CUSTOMER_COUNT } from './domain';
import { seedDemo, type SeedOptions } from './demo';
import { DEMO_READINGS_DAYS, insertDailyReadings } from './points';

/** Customers of the large data set. */
export const LARGE_CUSTOMERS = 100_000;
/** Readings of the large data set (approximately: whole years of whole meters). */
export const LARGE_READINGS = 10_000_000;

/** Meters per readings batch (one statement, one progress line each). */
const DEVICES_PER_BATCH = 1_000;

const FIRST = ['Jiří', 'Jan', 'Petr', 'Jana', 'Marie', 'Eva', 'Tomáš', 'Lucie', 'Václav', 'Věra'];
const LAST = [
  'Novák',
  'Svobodová',
  'Dvořák',
  'Černá',
  'Procházka',
  'Kučerová',
  'Veselý',
  'Horáková',
  'Němec',
  'Růžičková',
  'Šťastný',
  'Říhová',
  'Kolář',
  'Žáková',
  'Beneš',
  'Fialová',
];
const FIRMS = ['Stavby', 'Pekárna', 'Truhlářství', 'Autoservis', 'Strojírny', 'Účetnictví'];
const CITIES = [
  ['Praha', '110 00'],
  ['Brno', '602 00'],
  ['Ostrava', '702 00'],
  ['Plzeň', '301 00'],
  ['České Budějovice', '370 01'],
  ['Ústí nad Labem', '400 01'],
  ['Hradec Králové', '500 02'],
  ['Jihlava', '586 01'],
] as const;
const STREETS = ['Masarykova', 'Husova', 'Palackého', 'Nádražní', 'Školní', 'Žižkova'];

/** A number written into the SQL text (array subscripts need no parameter types). */
const n = (value: number) => sql.raw(String(Math.trunc(value)));

/** A SQL `ARRAY['a', 'b']` literal of fixed, quote-free strings. */
function array(values: readonly string[]) {
  return sql.raw(`ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]`);
}

/** SQL for the GS1 check digit of the 17-digit text expression `digits`. */
function gs1(digits: ReturnType<typeof sql>) {
  return sql`((10 - (select sum(substr(${digits}, k, 1)::integer * case when k % 2 = 1 then 3 else 1 end)
    from generate_series(1, 17) k) % 10) % 10)::text`;
}

/** Progress lines and timing. */
export type Log = (line: string) => void;

async function timed(log: Log, what: string, run: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await run();
  log(`  ${what} (${((performance.now() - start) / 1000).toFixed(1)} s)`);
}

async function one(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return Number(Object.values(result.rows[0] ?? {})[0] ?? 0);
}

/** Options of {@link seedLarge}: the demo seed's, and the size (tests ask for a small one). */
export interface LargeSeedOptions extends SeedOptions {
  /** Customers in all, the demo ones included. @default {@link LARGE_CUSTOMERS} */
  readonly customers?: number;
  /** Daily readings in all, approximately. @default {@link LARGE_READINGS} */
  readonly readings?: number;
}

/**
 * Fills an empty (or demo-only) database with the large data set; does nothing when it is
 * already there. Progress goes to `log`.
 */
export async function seedLarge(
  db: Database,
  log: Log,
  options: LargeSeedOptions = {},
): Promise<void> {
  await timed(log, 'demo data', () => seedDemo(db, options));
  const [existing] = await db.select({ n: count() }).from(customers);
  if (Number(existing?.n) > DEMO_CUSTOMER_COUNT) {
    log('  the large data set is already there; nothing to do');
    return;
  }
  const from = DEMO_CUSTOMER_COUNT + 1;
  const to = options.customers ?? LARGE_CUSTOMERS;
  const cities = CITIES.map(([city]) => city);
  const zips = CITIES.map(([, zip]) => zip);

  await timed(log, `customers ${from}–${to}`, () =>
    db.execute(sql`
      insert into customers (customer_no, type, salutation, company_name, crn, tin, first_name,
        last_name, birth_date, phone, report_email, is_active)
      select 'Z' || lpad((100000 + i)::text, 6, '0'),
        case when i % 5 = 0 then 'company' else 'person' end,
        case when i % 5 = 0 then '' when i % 2 = 0 then 'Vážená paní' else 'Vážený pane' end,
        case when i % 5 = 0 then (${array(FIRMS)})[1 + i % ${n(FIRMS.length)}] || ' ' ||
          (${array(cities)})[1 + i % ${n(cities.length)}] || ' s.r.o.' else '' end,
        case when i % 5 = 0 then ico else '' end,
        case when i % 5 = 0 then 'CZ' || ico else '' end,
        case when i % 5 = 0 then '' else (${array(FIRST)})[1 + i % ${n(FIRST.length)}] end,
        case when i % 5 = 0 then '' else (${array(LAST)})[1 + (i / 7) % ${n(LAST.length)}] end,
        case when i % 5 = 0 then null else date '1940-01-01' + (i * 7919 % 23000) end,
        '+420 7' || lpad((i::bigint * 104729 % 100000000)::text, 8, '0'),
        case when i % 5 = 0 then 'fakturace' || i || '@example.cz' else '' end,
        i % 20 <> 0
      from generate_series(${from}::integer, ${to}::integer) i
      cross join lateral (select lpad((1000000 + i * 7919 % 9000000)::text, 7, '0') as first7) f
      cross join lateral (select first7 || ((11 - (
        8 * substr(first7, 1, 1)::integer + 7 * substr(first7, 2, 1)::integer +
        6 * substr(first7, 3, 1)::integer + 5 * substr(first7, 4, 1)::integer +
        4 * substr(first7, 5, 1)::integer + 3 * substr(first7, 6, 1)::integer +
        2 * substr(first7, 7, 1)::integer) % 11) % 10)::text as ico) c`),
  );
  const firstNew = sql`(select id from customers where customer_no = ${'Z' + String(100000 + from)})`;
  await timed(log, 'addresses', () =>
    db.execute(sql`
      insert into addresses (customer_id, type, street, city, zip_code)
      select c.id, t.type, (${array(STREETS)})[1 + c.id % ${n(STREETS.length)}] || ' ' || (1 + c.id % 120),
        (${array(cities)})[1 + c.id % ${n(cities.length)}], (${array(zips)})[1 + c.id % ${n(zips.length)}]
      from customers c cross join (values ('permanent'), ('supply')) t(type)
      where c.id >= ${firstNew}
      order by c.id`),
  );
  await timed(log, 'contracts', () =>
    db.execute(sql`
      insert into contracts (customer_id, contract_no, mode, valid_from, state, billing_period,
        billing_start, account_no)
      select c.id, 'S-L-' || lpad(c.id::text, 7, '0'), 'supply',
        date '2020-01-01' + (c.id % 1800), 'active',
        case when c.id % 5 = 0 then 'monthly' else 'annual' end,
        date '2020-01-01' + (c.id % 1800), lpad((c.id * 37)::text, 10, '0') || '/0800'
      from customers c where c.id >= ${firstNew} order by c.id`),
  );
  await timed(log, 'points', () =>
    db.execute(sql`
      insert into points (contract_id, ean, name, pod_no, street, zip_code, city)
      select k.id, e.digits || ${gs1(sql`e.digits`)},
        case when k.id % 7 = 0 then 'Provozovna' else 'Rodinný dům' end,
        'POD-L-' || k.id, a.street, a.zip_code, a.city
      from contracts k
      join addresses a on a.customer_id = k.customer_id and a.type = 'supply'
      cross join lateral (select '859182401' || lpad(k.id::text, 8, '0') as digits) e
      where k.customer_id >= ${firstNew}
      order by k.id`),
  );

  // Meters: the demo ones plus enough new ones for the readings.
  const demoDevices = await one(db, sql`select count(*) from tariff_devices`);
  const days = DEMO_READINGS_DAYS;
  const newDevices = Math.max(
    0,
    Math.ceil((options.readings ?? LARGE_READINGS) / days) - demoDevices,
  );
  const firstCollector = await one(db, sql`select min(id) from collectors`);
  const collectorCount = await one(db, sql`select count(*) from collectors`);
  await timed(log, `${newDevices} meters`, () =>
    db.execute(sql`
      insert into tariff_devices (collector_id, serial_number, model, ean_consumption, name,
        calibration_date)
      select ${firstCollector}::integer + n % ${collectorCount}::integer, 'EM-L-' || lpad(n::text, 6, '0'),
        'ZPA AM550', e.digits || ${gs1(sql`e.digits`)}, 'Elektroměr L' || n,
        date '2020-01-15' + (n % 1500)
      from generate_series(1, ${newDevices}::integer) n
      cross join lateral (select '859182411' || lpad(n::text, 8, '0') as digits) e
      order by n`),
  );
  const [firstDevice, lastDevice] = [
    await one(db, sql`select min(id) from tariff_devices where serial_number like 'EM-L-%'`),
    await one(db, sql`select max(id) from tariff_devices`),
  ];
  await timed(log, 'specifications', () =>
    db.execute(sql`
      insert into specifications (point_id, tariff_device_id, state, valid_from,
        distribution_tariff_code, phases, estimated_annual_consumption)
      select p.id, case when p.rn <= ${newDevices}::integer then ${firstDevice}::integer + p.rn - 1 end,
        'active', date '2025-01-01', case when p.id % 3 = 0 then 'D25d' else 'D02d' end, '3',
        (2 + p.id % 9)::numeric
      from (select id, row_number() over (order by id) as rn from points
            where pod_no like 'POD-L-%') p
      order by p.id`),
  );

  // The readings: without their secondary indexes and foreign key during the load.
  const saved = (await db.execute(sql`
    select 'index' as kind, c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'measurements'::regclass and not i.indisprimary
    union all
    select 'constraint', conname, pg_get_constraintdef(oid)
      from pg_constraint where conrelid = 'measurements'::regclass and contype = 'f'`)) as unknown as {
    rows: { kind: string; name: string; definition: string }[];
  };
  for (const { kind, name } of saved.rows) {
    await db.execute(
      kind === 'index'
        ? sql`drop index ${sql.identifier(name)}`
        : sql`alter table measurements drop constraint ${sql.identifier(name)}`,
    );
  }
  const total = lastDevice - firstDevice + 1;
  const started = performance.now();
  for (let batch = firstDevice; batch <= lastDevice; batch += DEVICES_PER_BATCH) {
    const end = Math.min(batch + DEVICES_PER_BATCH - 1, lastDevice);
    await insertDailyReadings(db, { fromId: batch, toId: end, start: '2025-01-01', days });
    const done = end - firstDevice + 1;
    const seconds = (performance.now() - started) / 1000;
    log(
      `  readings: ${done}/${total} meters, ${(done * days).toLocaleString('en')} rows, ${seconds.toFixed(0)} s`,
    );
  }
  await timed(log, 'readings indexes and foreign key rebuilt', async () => {
    await db.execute(sql`set maintenance_work_mem = '256MB'`);
    for (const { kind, name, definition } of saved.rows) {
      await db.execute(
        kind === 'index'
          ? sql.raw(definition)
          : sql`alter table measurements add constraint ${sql.identifier(name)} ${sql.raw(definition)}`,
      );
    }
  });
  await timed(log, 'contracts and points made billable', () => makeLargeBillable(db));
  // Statistics for the planner and a visibility map for index-only counts.
  await timed(log, 'vacuum analyze', () => db.execute(sql`vacuum analyze`));
  const readings = await one(db, sql`select count(*) from measurements`);
  const people = await one(db, sql`select count(*) from customers`);
  log(`  ${people.toLocaleString('en')} customers, ${readings.toLocaleString('en')} readings`);
}

/** The first day the large data set's points are billable from (specifications, tariffs, readings). */
export const LARGE_BILLABLE_FROM = '2024-01-01';
/** The first reading of the meters {@link makeLargeBillable} adds or extends (UTC midnight): a
 * month before {@link LARGE_BILLABLE_FROM}, so that its first day's start (Prague midnight, the
 * evening before in UTC) has a reading before it. */
const HISTORY_FROM = '2023-12-01';
/** The last reading those meters get (UTC midnight): periods ending on 31 December 2025 bill. */
const READINGS_UNTIL = '2026-01-01';

/**
 * Makes the large data set's own contracts and points billable (docs/billing.md), so that a billing
 * run of any month of 2025 bills (nearly) every contract due, as a real supplier's would:
 *
 * 1. each contract of the large seed (`S-L-…`) without a product gets the product whose
 *    tariffs cover the most distribution rates;
 * 2. each specification of its points (`POD-L-…`) without a main fuse gets the 3×25 A one;
 * 3. a point's only specification starts on {@link LARGE_BILLABLE_FROM} at the latest (the
 *    seed's began on 1 January 2025, after the start of every annual period due in 2025);
 * 4. that product's tariffs reach back to {@link LARGE_BILLABLE_FROM}: each (code, fuse range)
 *    whose earliest tariff starts later gets a copy of it (same prices) valid until the day
 *    before it;
 * 5. every point without a tariff device gets its own (`EM-LP-<point id>`), with monthly
 *    readings (the 1st, UTC midnight) from {@link HISTORY_FROM} to {@link READINGS_UNTIL},
 *    winter-heavy like the daily ones (interpolation fills the days between);
 * 6. the seed's own meters (`EM-L-…`, daily readings through 2025) get monthly readings from
 *    {@link HISTORY_FROM} rising linearly from 0 to their first daily reading, and one on
 *    {@link READINGS_UNTIL} continuing their last day's consumption.
 *
 * Idempotent (each step touches only rows still lacking it; nothing is rewritten but the
 * specifications' start and the missing references); the demo rows are left as they are.
 * Run by {@link seedLarge}, and by `npm run bench:billing-runs` on a data set seeded before a
 * step existed. Returns the rows changed or added.
 */
export async function makeLargeBillable(db: Database): Promise<number> {
  const changed = (result: unknown) => {
    const { rowCount, affectedRows } = result as { rowCount?: number; affectedRows?: number };
    return Number(rowCount ?? affectedRows ?? 0);
  };
  const product = sql`(select product_id from tariffs group by product_id
    order by count(distinct code) desc, product_id limit 1)`;
  let rows = changed(
    await db.execute(sql`
      update contracts set product_id = ${product}
      where product_id is null and contract_no like 'S-L-%'`),
  );
  rows += changed(
    await db.execute(sql`
      update specifications s set main_fuse_id = (select id from fuses where text = '3×25 A' limit 1)
      from points p
      where s.point_id = p.id and s.main_fuse_id is null and p.pod_no like 'POD-L-%'`),
  );
  rows += changed(
    await db.execute(sql`
      update specifications s set valid_from = ${LARGE_BILLABLE_FROM}::date
      from points p
      where s.point_id = p.id and p.pod_no like 'POD-L-%' and s.valid_from > ${LARGE_BILLABLE_FROM}::date
        and not exists (select 1 from specifications o where o.point_id = s.point_id and o.id <> s.id)`),
  );
  rows += changed(
    await db.execute(sql`
      insert into tariffs (product_id, code, distribution_per_mwh_ht, distribution_per_mwh_lt,
        other_svc_system, other_svc_poze, other_svc_poze_per_a, other_non_network_infra,
        trade_monthly_pay, trade_per_mw_ht, trade_per_mw_lt, production_per_mwh_ht,
        production_per_mwh_lt, electricity_tax_per_mw, valid_from, valid_to, price, fuse_from,
        fuse_to, price_list_id)
      select product_id, code, distribution_per_mwh_ht, distribution_per_mwh_lt,
        other_svc_system, other_svc_poze, other_svc_poze_per_a, other_non_network_infra,
        trade_monthly_pay, trade_per_mw_ht, trade_per_mw_lt, production_per_mwh_ht,
        production_per_mwh_lt, electricity_tax_per_mw, ${LARGE_BILLABLE_FROM}::date,
        valid_from - 1, price, fuse_from, fuse_to, price_list_id
      from (select distinct on (code, fuse_from, fuse_to) * from tariffs
            where product_id = ${product}
            order by code, fuse_from, fuse_to, valid_from) t
      where t.valid_from > ${LARGE_BILLABLE_FROM}::date
      order by code, fuse_from`),
  );
  const collector = sql`(select min(id) from collectors)`;
  rows += changed(
    await db.execute(sql`
      insert into tariff_devices (collector_id, serial_number, model, ean_consumption, name,
        calibration_date)
      select ${collector}, 'EM-LP-' || lpad(p.id::text, 7, '0'), 'ZPA AM550',
        e.digits || ${gs1(sql`e.digits`)}, 'Elektroměr ' || p.pod_no, date '2020-01-15' + (p.id % 1500)
      from specifications s join points p on p.id = s.point_id
      cross join lateral (select '859182412' || lpad(p.id::text, 8, '0') as digits) e
      where s.tariff_device_id is null and p.pod_no like 'POD-L-%'
        and not exists (select 1 from tariff_devices d
                        where d.serial_number = 'EM-LP-' || lpad(p.id::text, 7, '0'))
      order by p.id`),
  );
  rows += changed(
    await db.execute(sql`
      update specifications s set tariff_device_id = d.id
      from points p, tariff_devices d
      where s.point_id = p.id and s.tariff_device_id is null and p.pod_no like 'POD-L-%'
        and d.serial_number = 'EM-LP-' || lpad(p.id::text, 7, '0')`),
  );
  // New meters: the daily seed's formula (insertDailyReadings), day 0 = HISTORY_FROM.
  rows += changed(
    await db.execute(sql`
      with months as (
        select at, day, day + 23.24 * sin(2 * pi() * day / 365) as use,
          day - 34.86 * sin(2 * pi() * day / 365) as sun
        from generate_series(${HISTORY_FROM}::timestamp, ${READINGS_UNTIL}::timestamp, interval '1 month') m
        cross join lateral (select m at time zone 'UTC' as at,
          (m::date - ${HISTORY_FROM}::date) as day) d),
      meters as (
        select id,
          (1000 + id::bigint * 7919 % 20000)::float8 as high0,
          4 + id * 37 % 100 / 10.0::float8 as high,
          case when id % 3 = 0 then 0 else 500 + id::bigint * 104729 % 10000 end::float8 as low0,
          case when id % 3 = 0 then 0 else 2 + id * 53 % 60 / 10.0 end::float8 as low,
          case when id % 5 <> 0 then 0 else 5 + id % 7 end::float8 as prod
        from tariff_devices d
        where serial_number like 'EM-LP-%'
          and not exists (select 1 from measurements m where m.tariff_device_id = d.id))
      insert into measurements (tariff_device_id, timestamp_received, obis_181, obis_182, obis_280)
      select m.id, d.at, (m.high0 + m.high * d.use)::numeric(15, 3),
        (m.low0 + m.low * d.use)::numeric(15, 3), (m.prod * d.sun)::numeric(15, 3)
      from meters m cross join months d
      order by m.id, d.at`),
  );
  // The seed's meters: history up to their first reading, and one reading at the end.
  rows += changed(
    await db.execute(sql`
      with first as (
        select d.id, f.*
        from tariff_devices d
        cross join lateral (select timestamp_received as t, obis_181, obis_182, obis_280
          from measurements m where m.tariff_device_id = d.id
          order by timestamp_received limit 1) f
        where d.serial_number like 'EM-L-%'
          and f.t > ${HISTORY_FROM}::timestamp at time zone 'UTC')
      insert into measurements (tariff_device_id, timestamp_received, obis_181, obis_182, obis_280)
      select f.id, h.at, round(f.obis_181 * h.share, 3), round(f.obis_182 * h.share, 3),
        round(f.obis_280 * h.share, 3)
      from first f
      cross join lateral (
        select m at time zone 'UTC' as at,
          (extract(epoch from (m at time zone 'UTC') - (${HISTORY_FROM}::timestamp at time zone 'UTC'))
            / extract(epoch from f.t - (${HISTORY_FROM}::timestamp at time zone 'UTC')))::numeric as share
        from generate_series(${HISTORY_FROM}::timestamp, ${READINGS_UNTIL}::timestamp, interval '1 month') m
        where m at time zone 'UTC' < f.t) h
      order by f.id, h.at`),
  );
  rows += changed(
    await db.execute(sql`
      with last as (
        select d.id, l.*
        from tariff_devices d
        cross join lateral (select timestamp_received as t, obis_181, obis_182, obis_280
          from measurements m where m.tariff_device_id = d.id
          order by timestamp_received desc limit 2) l
        where d.serial_number like 'EM-L-%'),
      pairs as (
        select id, max(t) as t1, min(t) as t0,
          max(obis_181) as a1, min(obis_181) as a0, max(obis_182) as b1, min(obis_182) as b0,
          max(obis_280) as c1, min(obis_280) as c0
        from last group by id having count(*) = 2)
      insert into measurements (tariff_device_id, timestamp_received, obis_181, obis_182, obis_280)
      select id, e.at, round(a1 + (a1 - a0) * e.k, 3), round(b1 + (b1 - b0) * e.k, 3),
        round(c1 + (c1 - c0) * e.k, 3)
      from pairs
      cross join lateral (select ${READINGS_UNTIL}::timestamp at time zone 'UTC' as at) a
      cross join lateral (select a.at,
        (extract(epoch from a.at - t1) / extract(epoch from t1 - t0))::numeric as k) e
      where t1 < a.at
      order by id`),
  );
  return rows;
}

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

/**
 * Fills an empty (or demo-only) database with the large data set; does nothing when it is
 * already there. Progress goes to `log`.
 */
export async function seedLarge(db: Database, log: Log, options: SeedOptions = {}): Promise<void> {
  await timed(log, 'demo data', () => seedDemo(db, options));
  const [existing] = await db.select({ n: count() }).from(customers);
  if (Number(existing?.n) > DEMO_CUSTOMER_COUNT) {
    log('  the large data set is already there; nothing to do');
    return;
  }
  const from = DEMO_CUSTOMER_COUNT + 1;
  const to = LARGE_CUSTOMERS;
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
  const newDevices = Math.ceil(LARGE_READINGS / days) - demoDevices;
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

/**
 * Makes the large data set's own contracts and points billable (issue #15): each contract
 * of the large seed (`S-L-…`) without a product gets the product whose tariffs cover the most
 * distribution rates, and each specification of its points (`POD-L-…`) without a main fuse
 * gets the 3×25 A one. Idempotent (touches only rows still lacking them); the demo rows are
 * left as they are. Run by {@link seedLarge}, and by `npm run bench:billing-runs` on a data
 * set seeded before this step existed. Returns the rows changed.
 */
export async function makeLargeBillable(db: Database): Promise<number> {
  const changed = (result: unknown) => {
    const { rowCount, affectedRows } = result as { rowCount?: number; affectedRows?: number };
    return Number(rowCount ?? affectedRows ?? 0);
  };
  const contractRows = changed(
    await db.execute(sql`
      update contracts set product_id = (
        select product_id from tariffs group by product_id order by count(distinct code) desc, product_id limit 1)
      where product_id is null and contract_no like 'S-L-%'`),
  );
  const specificationRows = changed(
    await db.execute(sql`
      update specifications s set main_fuse_id = (select id from fuses where text = '3×25 A' limit 1)
      from points p
      where s.point_id = p.id and s.main_fuse_id is null and p.pod_no like 'POD-L-%'`),
  );
  return contractRows + specificationRows;
}

/**
 * The readings `loadBillInput(s)` reads (docs/speed.md): only those around the instants a
 * segment may start or end at and the decreases of a register, not every reading of the
 * period — and the calculation gives on them exactly what it gives on all the device's
 * readings from the last one before the period to the first one after it: interpolated
 * bounds, a specification changing inside the period, a register going down (the first
 * time reported, with its day). On in-memory PGlite.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { billContract } from './bill';
import { calculateBill, type BillPeriod, type ReadingInput } from './calculate';
import { startOfDay } from './dates';
import { loadBillInput } from './load';
import { seedBillable } from './runs/fixtures';

let handle: DatabaseHandle;
let contracts: number[];
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The device of contract `contract`'s (only) point. */
async function deviceOf(contract: number): Promise<number> {
  const [row] = await rows<{ device: number }>(sql`
    select s.tariff_device_id as device from specifications s
    join points p on p.id = s.point_id where p.contract_id = ${contract} limit 1`);
  return Number(row!.device);
}

/** Adds a reading to `device` at Prague midnight of every day of `[from, to)` (`from` the
 * 1st of month `k` of 2026, counted from 0): from the fixture's reading that day (1,000·k kWh
 * HT, 500·k LT), 30 kWh HT and 10 kWh LT a day, below the fixture's next month. */
async function addDaily(device: number, from: string, to: string): Promise<void> {
  const k = Number(from.slice(5, 7)) - 1;
  await handle.db.execute(sql`
    insert into measurements (tariff_device_id, timestamp_received, obis_181, obis_182, obis_280)
    select ${device}, d::timestamp at time zone 'Europe/Prague',
      ${1000 * k} + 30 * (d::date - ${from}::date), ${500 * k} + 10 * (d::date - ${from}::date), 0
    from generate_series(${from}::date, ${to}::date - 1, interval '1 day') d
    on conflict do nothing`);
}

beforeAll(async () => {
  handle = await openDatabase({ memory: true });
  await handle.migrate();
  ({ contracts } = await seedBillable(handle.db, { count: 5, prefix: 'LOAD' }));
}, 60_000);
afterAll(() => handle.close());

/** The bill as read by `billContract`, and as calculated on every reading of the range. */
async function bothWays(contract: number, period: BillPeriod) {
  const read = await billContract(handle.db, contract, period);
  const input = (await loadBillInput(handle.db, contract, period))!;
  const device = await deviceOf(contract);
  const from = new Date(startOfDay(period.from)).toISOString();
  const to = new Date(startOfDay(period.to)).toISOString();
  const all = await rows<{
    at: string;
    obis_181: string;
    obis_182: string;
    obis_280: string;
    to_check?: true;
  }>(sql`
    select to_char(timestamp_received at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
      obis_181::text, obis_182::text, obis_280::text,
      case when to_check then true end as to_check
    from measurements where tariff_device_id = ${device}
      and timestamp_received >= coalesce((select max(timestamp_received) from measurements
        where tariff_device_id = ${device} and timestamp_received < ${from}::timestamptz), ${from}::timestamptz)
      and timestamp_received <= coalesce((select min(timestamp_received) from measurements
        where tariff_device_id = ${device} and timestamp_received > ${to}::timestamptz), ${to}::timestamptz)
    order by timestamp_received`);
  const readings: ReadingInput[] = all.map(({ to_check, ...row }) => ({
    device,
    ...row,
    ...(to_check ? { to_check: true } : {}),
  }));
  return { read, full: calculateBill({ ...input, readings }), input, all: readings };
}

describe('the readings a bill reads', () => {
  it('are those around the bounds, and bill as all of them do (interpolated bounds)', async () => {
    const contract = contracts[0]!;
    await addDaily(await deviceOf(contract), '2026-05-01', '2026-06-01');
    const { read, full, input, all } = await bothWays(contract, {
      from: '2026-02-15',
      to: '2026-05-20',
    });
    expect(read.ok).toBe(true);
    expect(read).toEqual(full);
    // 1 Feb, 1 Mar around the start; 19, 20 (exact) May around the end; not the rest.
    expect(input.readings.map((reading) => reading.at.slice(0, 10))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-05-19',
    ]);
    expect(all.length).toBeGreaterThan(20);
  });

  it('bill as all of them do when the specification changes inside the period', async () => {
    const contract = contracts[1]!;
    await handle.db.execute(sql`
      with old as (
        update specifications s set valid_to = '2026-03-09'
        from points p where p.id = s.point_id and p.contract_id = ${contract}
        returning s.*)
      insert into specifications (point_id, tariff_device_id, state, valid_from,
        distribution_tariff_code, main_fuse_id, phases)
      select point_id, tariff_device_id, 'active', '2026-03-10', distribution_tariff_code,
        main_fuse_id, phases from old`);
    const { read, full } = await bothWays(contract, { from: '2026-02-15', to: '2026-04-20' });
    expect(read.ok).toBe(true);
    expect(read).toEqual(full);
    if (read.ok)
      expect(read.bill.points[0]!.segments.map((segment) => [segment.from, segment.to])).toEqual([
        ['2026-02-15', '2026-03-10'],
        ['2026-03-10', '2026-04-20'],
      ]);
  });

  it('refuse as all of them do when a register goes down, naming the first day', async () => {
    const contract = contracts[2]!;
    const device = await deviceOf(contract);
    await addDaily(device, '2026-07-01', '2026-08-01');
    // Down on 10 July (below 9 July) and again on 20 July.
    await handle.db.execute(sql`
      update measurements set obis_181 = obis_181 - 1000
      where tariff_device_id = ${device}
        and timestamp_received in ('2026-07-10 00:00+02', '2026-07-20 00:00+02')`);
    const { read, full } = await bothWays(contract, { from: '2026-06-15', to: '2026-07-25' });
    expect(read).toEqual(full);
    expect(read.ok ? [] : read.reasons.map((reason) => [reason.code, reason.day])).toEqual([
      ['register_went_down', '2026-07-10'],
    ]);
  });

  it('refuse as all of them do while a reading they depend on is to check, and bill once it is confirmed', async () => {
    const contract = contracts[4]!;
    const device = await deviceOf(contract);
    await addDaily(device, '2026-08-01', '2026-09-01');
    const flag = (value: boolean) =>
      handle.db.execute(sql`
        update measurements set to_check = ${value}
        where tariff_device_id = ${device} and timestamp_received = '2026-08-10 00:00+02'`);
    await flag(true);
    const around = await bothWays(contract, { from: '2026-08-05', to: '2026-08-20' });
    expect(around.read).toEqual(around.full);
    expect(
      around.read.ok ? [] : around.read.reasons.map((reason) => [reason.code, reason.day]),
    ).toEqual([['reading_to_check', '2026-08-10']]);
    // At the period's end (its first reading after): the bill depends on it too.
    const ending = await bothWays(contract, { from: '2026-07-25', to: '2026-08-09' });
    expect(ending.read.ok).toBe(true);
    const atEnd = await bothWays(contract, { from: '2026-07-25', to: '2026-08-10' });
    expect(atEnd.read.ok ? [] : atEnd.read.reasons.map((reason) => reason.code)).toEqual([
      'reading_to_check',
    ]);
    // A period after it does not depend on it.
    const after = await bothWays(contract, { from: '2026-08-15', to: '2026-08-25' });
    expect(after.read.ok).toBe(true);
    await flag(false);
    const confirmed = await bothWays(contract, { from: '2026-08-05', to: '2026-08-20' });
    expect(confirmed.read.ok).toBe(true);
    expect(confirmed.read).toEqual(confirmed.full);
  });

  it('refuse as all of them do without a reading after the period', async () => {
    // The fixture's readings end on 1 January 2027.
    const { read, full } = await bothWays(contracts[3]!, { from: '2026-12-15', to: '2027-01-15' });
    expect(read).toEqual(full);
    expect(read.ok ? [] : read.reasons.map((reason) => reason.code)).toEqual(['no_reading_after']);
  });
});

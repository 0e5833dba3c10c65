/**
 * The large seed's contracts are billable (docs/billing.md): a small data set made by the large
 * seed itself (the demo data, 24 more customers, 8 meters with daily readings through 2025,
 * so 16 points without a meter, specifications from 1 January 2025, tariffs from 1 January
 * 2025) bills every contract of its own due in any month of 2025 after
 * `makeLargeBillable`, annual ones (periods starting in 2024) included, and applying the step
 * again changes nothing. On in-memory PGlite.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billContract } from '../billing';
import { periodEndingIn } from '../billing/runs/periods';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { DEMO_CUSTOMER_COUNT } from './domain';
import { DEMO_READINGS_DAYS } from './points';
import { makeLargeBillable, seedDemo, seedLarge } from '.';

let handle: DatabaseHandle;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  handle = await openDatabase({ memory: true });
  await handle.migrate();
  const options = { passwordHash: 'x', readingDays: 3 };
  await seedDemo(handle.db, options);
  const [devices] = await rows<{ n: number }>(sql`select count(*)::int as n from tariff_devices`);
  await seedLarge(handle.db, () => {}, {
    ...options,
    customers: DEMO_CUSTOMER_COUNT + 24,
    readings: (devices!.n + 8) * DEMO_READINGS_DAYS,
  });
}, 120_000);
afterAll(() => handle.close());

interface Due {
  id: number;
  period: string;
  start: string;
}

/** The large seed's contracts (`S-L-…`) with their billing period and start. */
const largeContracts = () =>
  rows<Due>(sql`select id, billing_period as period, to_char(billing_start, 'YYYY-MM-DD') as start
    from contracts where contract_no like 'S-L-%' order by id`);

describe('makeLargeBillable', () => {
  it('gives every point of the large seed a meter with readings and a specification from 2024', async () => {
    const [points] = await rows<{ n: number; device: number; fuse: number; early: number }>(sql`
      select count(*)::int as n, count(s.tariff_device_id)::int as device,
        count(s.main_fuse_id)::int as fuse,
        count(*) filter (where s.valid_from <= date '2024-01-01')::int as early
      from points p join specifications s on s.point_id = p.id where p.pod_no like 'POD-L-%'`);
    expect(points).toEqual({ n: 24, device: 24, fuse: 24, early: 24 });
    // The seed's 8 meters read daily; the 16 added ones monthly, December 2023 to January 2026.
    const readings = await rows<{ kind: string; meters: number; first: string; last: string }>(sql`
      select case when d.serial_number like 'EM-LP-%' then 'added' else 'seeded' end as kind,
        count(distinct d.id)::int as meters,
        to_char(min(m.timestamp_received) at time zone 'UTC', 'YYYY-MM-DD') as first,
        to_char(max(m.timestamp_received) at time zone 'UTC', 'YYYY-MM-DD') as last
      from tariff_devices d join measurements m on m.tariff_device_id = d.id
      where d.serial_number like 'EM-L%' group by 1 order by 1`);
    expect(readings).toEqual([
      { kind: 'added', meters: 16, first: '2023-12-01', last: '2026-01-01' },
      { kind: 'seeded', meters: 8, first: '2023-12-01', last: '2026-01-01' },
    ]);
  });

  it('lets every contract of the large seed due in any month of 2025 be billed', async () => {
    const contracts = await largeContracts();
    expect(contracts).toHaveLength(24);
    let billed = 0;
    const annual = new Set<number>();
    for (let m = 1; m <= 12; m += 1) {
      const month = `2025-${String(m).padStart(2, '0')}-01`;
      for (const contract of contracts) {
        const period = periodEndingIn(contract.start, contract.period, month);
        if (!period) continue;
        const result = await billContract(handle.db, contract.id, period);
        expect(result.ok ? 'ok' : result.reasons, `#${contract.id} ${period.from}`).toBe('ok');
        billed += 1;
        if (contract.period === 'annual') annual.add(contract.id);
      }
    }
    // Monthly contracts are due every month, annual ones once (their periods begun in 2024).
    const monthly = contracts.filter((c) => c.period === 'monthly').length;
    expect(annual.size).toBe(contracts.length - monthly);
    expect(billed).toBe(12 * monthly + annual.size);
  });

  it('changes nothing when applied again', async () => {
    const count = () =>
      rows<{ readings: number; devices: number; tariffs: number }>(sql`
        select (select count(*)::int from measurements) as readings,
          (select count(*)::int from tariff_devices) as devices,
          (select count(*)::int from tariffs) as tariffs`);
    const before = await count();
    expect(await makeLargeBillable(handle.db)).toBe(0);
    expect(await count()).toEqual(before);
  });
});

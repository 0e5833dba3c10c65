/**
 * The reports API (docs/billing.md "Reports") over real HTTP on a seeded database (PGlite, and
 * PostgreSQL in the `postgres` project). The figures are in 2020, where the demo data has
 * nothing, and were worked by hand (see each test).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { startOfDay } from '../../billing/dates';
import {
  contracts,
  customers,
  invoiceLines,
  invoices,
  measurements,
  points,
  specifications,
  tariffDevices,
} from '../../db/schema';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test-support/server';

let server: TestServer;
let admin: string;
let reporter: string;
let clerk: string;
const ids = { pointA: 0, pointB: 0, pointC: 0, pointD: 0, deviceA: 0, deviceB: 0, contract: 0 };

/** A reading at `time` (Europe/Prague wall clock, `YYYY-MM-DDTHH:MM`). */
function at(day: string, hours = 0): Date {
  return new Date(startOfDay(day) + hours * 3_600_000);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  clerk = await server.login(DEMO_USERS.clerk);
  reporter = await server.loginWithPrivileges(['REPORTS']);
  const db = server.database.db;
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .orderBy(asc(customers.id))
    .limit(1);
  const [contract] = await db
    .insert(contracts)
    .values({
      customer: customer!.id,
      contractNo: 'REPORT-1',
      mode: 'supply',
      validFrom: '2019-01-01',
      state: 'active',
      billingPeriod: 'monthly',
      billingStart: '2019-01-01',
    })
    .returning();
  ids.contract = contract!.id;
  const [deviceA, deviceB, deviceD] = await db
    .insert(tariffDevices)
    .values([
      { serialNumber: 'REPORT-A', name: 'Report meter A' },
      { serialNumber: 'REPORT-B', name: 'Report meter B' },
      { serialNumber: 'REPORT-D', name: 'Report meter D' },
    ])
    .returning();
  ids.deviceA = deviceA!.id;
  ids.deviceB = deviceB!.id;
  const address = { street: 'Vodičkova 1', zipCode: '11000', city: 'Praha' };
  const [pointA, pointB, pointC, pointD] = await db
    .insert(points)
    .values([
      { contract: contract!.id, ean: '859182400000000901', name: 'Report A', ...address },
      { contract: contract!.id, ean: '859182400000000902', name: 'Report B', ...address },
      { contract: contract!.id, ean: '859182400000000903', name: 'Report C', ...address },
      { contract: contract!.id, ean: '859182400000000904', name: 'Report D', ...address },
    ])
    .returning();
  ids.pointA = pointA!.id;
  ids.pointB = pointB!.id;
  ids.pointC = pointC!.id;
  ids.pointD = pointD!.id;
  const spec = { state: 'active', phases: '3' };
  await db.insert(specifications).values([
    {
      ...spec,
      point: pointA!.id,
      tariffDevice: deviceA!.id,
      validFrom: '2019-01-01',
      distributionTariffCode: 'D02d',
    },
    // Point B changes its rate on 1 February 2020.
    {
      ...spec,
      point: pointB!.id,
      tariffDevice: deviceB!.id,
      validFrom: '2019-01-01',
      validTo: '2020-01-31',
      distributionTariffCode: 'D01d',
    },
    {
      ...spec,
      point: pointB!.id,
      tariffDevice: deviceB!.id,
      validFrom: '2020-02-01',
      distributionTariffCode: 'D25d',
    },
    // Point C has no meter at all.
    { ...spec, point: pointC!.id, validFrom: '2019-01-01', distributionTariffCode: 'D02d' },
    // Point D's only specification is cancelled: it is in force nowhere (as billing sees it),
    // so meter D's readings count under no rate and the point is not listed as silent.
    {
      ...spec,
      state: 'cancelled',
      point: pointD!.id,
      tariffDevice: deviceD!.id,
      validFrom: '2019-01-01',
      distributionTariffCode: 'D57d',
    },
  ]);
  const reading = (device: number, time: Date, a: string, b: string) => ({
    tariffDevice: device,
    timestampReceived: time,
    obis181: a,
    obis182: b,
    obis280: '0',
  });
  await db.insert(measurements).values([
    reading(deviceA!.id, at('2020-01-01'), '100', '50'),
    reading(deviceA!.id, at('2020-01-16', 12), '160.5', '60'),
    reading(deviceA!.id, at('2020-02-01'), '200', '70'),
    reading(deviceA!.id, at('2020-03-10'), '350', '100'),
    reading(deviceB!.id, at('2019-12-20'), '1000', '0'),
    reading(deviceB!.id, at('2020-01-20'), '1200', '0'),
    reading(deviceB!.id, at('2020-02-15'), '1234.567', '10.001'),
    // A new meter: the register went down; this difference is left out.
    reading(deviceB!.id, at('2020-02-20'), '5', '20'),
    reading(deviceD!.id, at('2020-01-01'), '0', '0'),
    reading(deviceD!.id, at('2020-01-20'), '300', '30'),
  ]);
  let number = 0;
  const invoice = async (state: string, taxableSupplyDate: string, lines: [string, string][]) => {
    number += 1;
    const [row] = await db
      .insert(invoices)
      .values({
        number: state === 'draft' ? null : `R2020${String(number).padStart(4, '0')}`,
        contract: contract!.id,
        customer: customer!.id,
        // One live invoice per contract and period: each its own period start.
        periodFrom: `2019-01-${String(number).padStart(2, '0')}`,
        periodTo: taxableSupplyDate,
        issueDate: taxableSupplyDate,
        taxableSupplyDate,
        dueDate: taxableSupplyDate,
        variableSymbol: 'REPORT1',
        state,
        base: '0',
        vatRate: '21',
        vat: '0',
        production: '0',
        total: '0',
        advances: '0',
        amountDue: '0',
      })
      .returning();
    await db.insert(invoiceLines).values(
      lines.map(([kind, amount], position) => ({
        invoice: row!.id,
        position,
        kind,
        quantity: '1',
        unit: 'MWh',
        unitPrice: amount,
        amount,
      })),
    );
  };
  await invoice('issued', '2020-01-31', [
    ['energy_ht', '620.00'],
    ['production', '-12.34'],
    ['energy_lt', '46.50'],
  ]);
  // 0.10 + 0.20 is 0.30 exactly (in binary floating point it is not).
  await invoice('issued', '2020-01-15', [
    ['energy_ht', '0.10'],
    ['energy_ht', '0.20'],
  ]);
  await invoice('cancelled', '2020-01-31', [['energy_ht', '1000.00']]);
  await invoice('draft', '2020-02-29', [['energy_ht', '500.00']]);
  await invoice('issued', '2020-02-29', [['electricity_tax', '8.77']]);
  await invoice('issued', '2020-04-30', [['energy_ht', '1.00']]);
});
afterAll(() => server.close());

describe('GET /reports/billing-totals/', () => {
  it('sums the issued invoices’ lines per month and kind, exactly', async () => {
    const response = await server.request('/reports/billing-totals/?from=2020-01&to=2020-03', {
      token: reporter,
      lang: 'en',
    });
    expect(response.status).toBe(200);
    // January: 620.00 + 0.10 + 0.20 energy HT over two invoices, the cancelled 1000.00 left
    // out; February: the draft's 500.00 left out; April is outside the months asked for.
    expect(response.body).toEqual([
      {
        month: '2020-01',
        kind: 'energy_ht',
        label: 'Energy, high tariff',
        amount: '620.30',
        invoices: 2,
      },
      {
        month: '2020-01',
        kind: 'energy_lt',
        label: 'Energy, low tariff',
        amount: '46.50',
        invoices: 1,
      },
      {
        month: '2020-01',
        kind: 'production',
        label: 'Production bought',
        amount: '-12.34',
        invoices: 1,
      },
      {
        month: '2020-02',
        kind: 'electricity_tax',
        label: 'Electricity tax',
        amount: '8.77',
        invoices: 1,
      },
    ]);
  });

  it('labels the kinds in Czech', async () => {
    const response = await server.request('/reports/billing-totals/?from=2020-02&to=2020-02', {
      token: admin,
      lang: 'cs',
    });
    expect(response.body).toEqual([
      expect.objectContaining({ kind: 'electricity_tax', label: 'Daň z elektřiny' }),
    ]);
  });

  it('refuses bad months by name', async () => {
    const response = await server.request('/reports/billing-totals/?from=2020-13&to=2019-01', {
      token: admin,
      lang: 'en',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ from: ['Enter a month as YYYY-MM.'] });
    const reversed = await server.request('/reports/billing-totals/?from=2020-02&to=2020-01', {
      token: admin,
      lang: 'en',
    });
    expect(reversed.body).toEqual({ to: ['The last month must not be before the first.'] });
    const long = await server.request('/reports/billing-totals/?from=2000-01&to=2010-01', {
      token: admin,
    });
    expect(Object.keys(long.body)).toEqual(['to']);
    const missing = await server.request('/reports/billing-totals/', { token: admin });
    expect(Object.keys(missing.body).sort()).toEqual(['from', 'to']);
  });
});

describe('GET /reports/consumption-by-rate/', () => {
  it('sums the differences per rate and month in MWh', async () => {
    const response = await server.request('/reports/consumption-by-rate/?from=2020-01&to=2020-03', {
      token: reporter,
    });
    expect(response.status).toBe(200);
    // Meter A (D02d): 16 Jan 12:00 +60.5 / +10 and 1 Feb 00:00 (closes January) +39.5 / +10
    // → January 100 / 20 kWh; 10 March +150 / +30 → March.
    // Meter B: 20 January +200 / 0 under D01d (in force to 31 January); 15 February
    // +34.567 / +10.001 under D25d; 20 February went down → left out.
    expect(response.body).toEqual([
      {
        month: '2020-01',
        distribution_tariff_code: 'D01d',
        ht_mwh: '0.2',
        lt_mwh: '0',
        mwh: '0.2',
        devices: 1,
      },
      {
        month: '2020-01',
        distribution_tariff_code: 'D02d',
        ht_mwh: '0.1',
        lt_mwh: '0.02',
        mwh: '0.12',
        devices: 1,
      },
      {
        month: '2020-02',
        distribution_tariff_code: 'D25d',
        ht_mwh: '0.034567',
        lt_mwh: '0.010001',
        mwh: '0.044568',
        devices: 1,
      },
      {
        month: '2020-03',
        distribution_tariff_code: 'D02d',
        ht_mwh: '0.15',
        lt_mwh: '0.03',
        mwh: '0.18',
        devices: 1,
      },
    ]);
  });

  it('takes the reading before the period as the start of its first difference', async () => {
    // February alone: meter B's 15 February reading counts from 20 January's; meter A's
    // 1 February 00:00 reading belongs to January and is only the start of March's.
    const response = await server.request('/reports/consumption-by-rate/?from=2020-02&to=2020-02', {
      token: reporter,
    });
    expect(response.body).toEqual([
      expect.objectContaining({
        month: '2020-02',
        distribution_tariff_code: 'D25d',
        mwh: '0.044568',
      }),
    ]);
  });
});

describe('GET /reports/points-without-reading/', () => {
  it('lists the points in force without a reading in the last days, the longest silent first', async () => {
    const response = await server.request('/reports/points-without-reading/', { token: reporter });
    expect(response.status).toBe(200);
    expect(response.body.days).toBe(30);
    expect(response.body.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const mine = response.body.results.filter((row: { point: number }) =>
      [ids.pointA, ids.pointB, ids.pointC, ids.pointD].includes(row.point),
    );
    // Point D's specification is cancelled: it has none in force, so it is not listed.
    expect(mine.map((row: { point: number }) => row.point)).toEqual([
      ids.pointC,
      ids.pointB,
      ids.pointA,
    ]);
    expect(mine[0]).toMatchObject({
      ean: '859182400000000903',
      contract: ids.contract,
      contract_no: 'REPORT-1',
      distribution_tariff_code: 'D02d',
      device: null,
      serial_number: null,
      last_reading: null,
      days_since: null,
    });
    expect(mine[1]).toMatchObject({
      device: ids.deviceB,
      serial_number: 'REPORT-B',
      distribution_tariff_code: 'D25d',
      last_reading: at('2020-02-20').toISOString().replace('.000Z', 'Z'),
    });
    expect(mine[2].last_reading).toBe(at('2020-03-10').toISOString().replace('.000Z', 'Z'));
    expect(mine[2].days_since).toBeGreaterThan(365);
    expect(response.body.count).toBeGreaterThanOrEqual(3);
  });

  it('leaves out the points read within the days (the demo meters read daily)', async () => {
    const response = await server.request('/reports/points-without-reading/?days=3000', {
      token: reporter,
    });
    // With 3000 days, meters A and B (read in 2020) are recent enough; point C has no meter.
    const points = response.body.results.map((row: { point: number }) => row.point);
    expect(points).toContain(ids.pointC);
    expect(points).not.toContain(ids.pointD);
    expect(points).not.toContain(ids.pointA);
    expect(points).not.toContain(ids.pointB);
    const recent = await server.request('/reports/points-without-reading/?days=30', {
      token: reporter,
    });
    const demoRead = recent.body.results.filter(
      (row: { days_since: number | null }) => row.days_since !== null && row.days_since < 30,
    );
    expect(demoRead).toEqual([]);
  });

  it('refuses a bad number of days', async () => {
    for (const days of ['0', 'x', '99999']) {
      const response = await server.request(`/reports/points-without-reading/?days=${days}`, {
        token: admin,
      });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body)).toEqual(['days']);
    }
  });
});

describe('the reports’ privilege', () => {
  it('needs REPORTS: 401 signed out, 403 without it', async () => {
    for (const path of [
      '/reports/billing-totals/?from=2020-01&to=2020-01',
      '/reports/consumption-by-rate/?from=2020-01&to=2020-01',
      '/reports/points-without-reading/',
    ]) {
      expect((await server.request(path)).status).toBe(401);
      expect((await server.request(path, { token: clerk })).status).toBe(403);
    }
  });

  it('are in the OpenAPI document', async () => {
    const schema = await server.request('/schema/');
    const ops = Object.values(
      schema.body.paths as Record<string, { get?: { operationId: string } }>,
    )
      .map((path) => path.get?.operationId)
      .filter((id) => id?.startsWith('reports_'));
    expect(ops).toEqual(
      expect.arrayContaining([
        'reports_billing_totals',
        'reports_consumption_by_rate',
        'reports_points_without_reading',
      ]),
    );
  });
});

/**
 * "Registers never decrease" (docs/product.md §3 Tariff device) must hold under concurrent writes,
 * not only for one request at a time: two readings each valid alone but contradicting
 * each other, posted at the same moment, must not both be stored. On PostgreSQL
 * (`JOULE_TEST_DATABASE_URL`) the writes really run in parallel; PGlite serialises them
 * anyway, so there the test only checks the rules hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test-support/server';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
});
afterAll(() => server.close());

const PAIRS = 20;
const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);

const reading = (device: number, day: number, kwh: number) => ({
  tariff_device: device,
  timestamp_received: new Date(START + day * DAY).toISOString(),
  obis_181: kwh.toFixed(3),
  obis_182: kwh.toFixed(3),
  obis_280: '0.000',
});

async function newDevice(n: number): Promise<number> {
  const response = await server.request('/tariffdevices/', {
    method: 'POST',
    token: admin,
    body: { serial_number: `RACE-${n}-${Date.now()}`, name: `Race ${n}` },
  });
  expect(response.status).toBe(201);
  return response.body.id as number;
}

/** The device's stored `obis_181` values in time order. */
async function series(device: number): Promise<number[]> {
  const response = await server.request(
    `/measurements/?filter=tariff_device=${device}&sort=timestamp_received&page_size=9999`,
    { token: admin },
  );
  expect(response.status).toBe(200);
  return response.body.results.map((row: { obis_181: string }) => Number(row.obis_181));
}

describe('measurements under concurrent writes', () => {
  it('never stores two contradicting readings posted at once', async () => {
    const devices = await Promise.all(Array.from({ length: PAIRS }, (_, i) => newDevice(i)));
    const post = (body: unknown) =>
      server.request('/measurements/', { method: 'POST', token: admin, body });
    // Per device: day 1 at 500 kWh and day 2 at 100 kWh. Either alone is fine; both
    // together decrease along time.
    const answers = await Promise.all(
      devices.flatMap((device) => [post(reading(device, 1, 500)), post(reading(device, 2, 100))]),
    );
    for (const answer of answers) expect([201, 400]).toContain(answer.status);
    for (const device of devices) {
      const stored = await series(device);
      expect(stored.length).toBeGreaterThanOrEqual(1);
      expect(stored, `device ${device}`).toEqual([...stored].sort((a, b) => a - b));
    }
    // Exactly one of each pair was accepted.
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(PAIRS);
  });

  it('keeps the order when a reading is moved by PATCH while another is posted', async () => {
    const devices = await Promise.all(Array.from({ length: PAIRS }, (_, i) => newDevice(100 + i)));
    const created = await Promise.all(
      devices.map((device) =>
        server.request('/measurements/', {
          method: 'POST',
          token: admin,
          body: reading(device, 1, 300),
        }),
      ),
    );
    // Moving the 300 kWh reading from day 1 to day 5, and posting 400 kWh on day 3, are
    // each fine; together the series would go 400 on day 3, then 300 on day 5.
    const answers = await Promise.all(
      devices.flatMap((device, i) => [
        server.request(`/measurements/${created[i]!.body.id}/`, {
          method: 'PATCH',
          token: admin,
          body: { timestamp_received: new Date(START + 5 * DAY).toISOString() },
        }),
        server.request('/measurements/', {
          method: 'POST',
          token: admin,
          body: reading(device, 3, 400),
        }),
      ]),
    );
    for (const answer of answers) expect([200, 201, 400]).toContain(answer.status);
    for (const device of devices) {
      const stored = await series(device);
      expect(stored, `device ${device}`).toEqual([...stored].sort((a, b) => a - b));
    }
  });
});

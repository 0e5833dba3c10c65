import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed';
import { expectForbidden, startTestServer, type TestServer } from '../../test-support/server';
import { gs1CheckDigit } from '../rules';

let server: TestServer;
let admin: string;
let clerk: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  clerk = await server.login(DEMO_USERS.clerk);
});
afterAll(() => server.close());

async function post(name: string, body: unknown, lang?: string) {
  return server.request(`/${name}/`, { method: 'POST', token: admin, body, lang });
}

/** A valid 18-digit EAN ending in `n` before the check digit. */
function ean(n: number): string {
  const body = `85918230${String(n).padStart(9, '0')}`;
  return body + gs1CheckDigit(body);
}

let serial = 0;
async function device(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const response = await post('tariffdevices', {
    serial_number: `EM-${serial}`,
    name: `Elektroměr ${serial}`,
    ...overrides,
  });
  expect(response.status).toBe(201);
  return response.body.id as number;
}

describe('tariff devices', () => {
  it('creates, reads, updates and deletes a device', async () => {
    const collector = await post('collectors', {
      serial_number: 'COL-1',
      mac: '00:1A:2B:3C:4D:5E',
      name: 'Koncentrátor Plzeň',
    });
    const created = await post('tariffdevices', {
      collector: collector.body.id,
      serial_number: 'EM-CRUD',
      model: 'AM550',
      ean_consumption: ean(1),
      name: 'Elektroměr Plzeň',
      calibration_date: '2024-03-01',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      collector: collector.body.id,
      collector_title: `${collector.body.serial_number} ${collector.body.name}`,
      serial_number: 'EM-CRUD',
      model: 'AM550',
      ean_production: null,
      ean_consumption: ean(1),
      name: 'Elektroměr Plzeň',
      calibration_date: '2024-03-01',
      active: true,
    });
    const path = `/tariffdevices/${created.body.id}/`;
    const patched = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { active: false, ean_production: ean(2) },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.ean_production).toBe(ean(2));
    const refused = await server.request(`/collectors/${collector.body.id}/`, {
      method: 'DELETE',
      token: admin,
    });
    expect(refused.status).toBe(400);
    expect((await server.request(path, { method: 'DELETE', token: admin })).status).toBe(204);
  });

  it('refuses an EAN with a wrong check digit or length, in en and cs', async () => {
    const good = ean(3);
    const bad = good.slice(0, 17) + ((Number(good[17]) + 1) % 10);
    for (const value of [bad, '12345', `${good}0`.slice(1, 19).replace(/./, 'A')]) {
      const body = { serial_number: 'EM-BAD', name: 'X', ean_consumption: value };
      const en = await post('tariffdevices', body);
      expect(en.status).toBe(400);
      expect(en.body.ean_consumption).toContain(
        'Enter a valid EAN: 18 digits with a valid GS1 check digit.',
      );
      const cs = await post('tariffdevices', body, 'cs');
      expect(cs.body.ean_consumption).toContain(
        'Zadejte platný EAN: 18 číslic s platnou kontrolní číslicí GS1.',
      );
    }
  });

  it('keeps serial numbers and EANs unique', async () => {
    await device({ serial_number: 'EM-U', ean_consumption: ean(4), ean_production: ean(5) });
    const response = await post('tariffdevices', {
      serial_number: 'EM-U',
      name: 'Y',
      ean_consumption: ean(4),
      ean_production: ean(5),
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual([
      'serial_number',
      'ean_production',
      'ean_consumption',
    ]);
  });
});

describe('measurements', () => {
  const at = (day: number) => `2025-01-${String(day).padStart(2, '0')}T00:00:00Z`;
  const reading = (device: number, day: number, high: string, low = '0', out = '0') => ({
    tariff_device: device,
    timestamp_received: at(day),
    obis_181: high,
    obis_182: low,
    obis_280: out,
  });

  it('creates, reads, updates and deletes a reading', async () => {
    const id = await device();
    const created = await post('measurements', reading(id, 1, '100.5', '20', '0'));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      tariff_device: id,
      tariff_device_title: expect.any(String),
      timestamp_received: expect.stringMatching(/^2025-01-01T00:00:00/),
      obis_181: '100.500',
      obis_182: '20.000',
      obis_280: '0.000',
      // The first reading of a device has no history to judge: not to check.
      to_check: false,
    });
    const path = `/measurements/${created.body.id}/`;
    const patched = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { obis_181: '101' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.obis_181).toBe('101.000');
    const list = await server.request(`/measurements/?filter=tariff_device=${id}`, {
      token: admin,
    });
    expect(list.body.count).toBe(1);
    expect((await server.request(path, { method: 'DELETE', token: admin })).status).toBe(204);
  });

  it('refuses a decreasing register, against earlier and later readings, in en and cs', async () => {
    const id = await device();
    expect((await post('measurements', reading(id, 1, '20983.04'))).status).toBe(201);
    expect((await post('measurements', reading(id, 10, '30000'))).status).toBe(201);
    const lower = await post('measurements', reading(id, 5, '99'));
    expect(lower.status).toBe(400);
    // docs/product.md: the number as each language writes it (en-US, cs-CZ).
    expect(lower.body).toEqual({
      obis_181: [
        'The register cannot decrease: an earlier reading of this device has 20,983.040 kWh.',
      ],
    });
    const czech = await post('measurements', reading(id, 5, '99'), 'cs');
    expect(czech.body).toEqual({
      obis_181: [
        'Registr nemůže klesnout: dřívější odečet tohoto zařízení má 20\u00a0983,040 kWh.',
      ],
    });
    const higher = await post('measurements', reading(id, 5, '30001'));
    expect(higher.body).toEqual({
      obis_181: [
        'The register cannot decrease: a later reading of this device has 30,000.000 kWh.',
      ],
    });
    expect((await post('measurements', reading(id, 5, '25000'))).status).toBe(201);
  });

  it('refuses a second reading at the same time, in en and cs', async () => {
    const id = await device();
    await post('measurements', reading(id, 2, '1'));
    const en = await post('measurements', reading(id, 2, '1'));
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      timestamp_received: ['This device already has a reading at this time.'],
    });
    expect((await post('measurements', reading(id, 2, '1'), 'cs')).body).toEqual({
      timestamp_received: ['Toto zařízení už má odečet v tomto čase.'],
    });
  });

  it('refuses a reading in the future, in en and cs', async () => {
    const id = await device();
    const body = { ...reading(id, 1, '1'), timestamp_received: '2999-01-01T00:00:00Z' };
    expect((await post('measurements', body)).body).toEqual({
      timestamp_received: ['A reading cannot be taken in the future.'],
    });
    expect((await post('measurements', body, 'cs')).body).toEqual({
      timestamp_received: ['Odečet nemůže být z budoucnosti.'],
    });
  });

  it('refuses negative registers', async () => {
    const id = await device();
    const response = await post('measurements', reading(id, 1, '-1'));
    expect(response.body).toEqual({
      obis_181: ['Ensure this value is greater than or equal to 0.'],
    });
  });
});

describe('devices permissions', () => {
  it('answers 403 without TARIFF', async () => {
    await expectForbidden(server, clerk, ['tariffdevices', 'measurements']);
  });
});

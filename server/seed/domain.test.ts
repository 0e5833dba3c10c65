import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidEan18, isValidIco } from '../resources/rules';
import { TEST_READING_DAYS, startTestServer, type TestServer } from '../test-support/server';
import { DEMO_USERS, seedDemo } from '.';
import { DEMO_CUSTOMER_COUNT } from './domain';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
});
afterAll(() => server.close());

async function all(name: string) {
  const response = await server.request(`/${name}/?page_size=9999`, { token: admin });
  expect(response.status).toBe(200);
  return response.body.results as Record<string, unknown>[];
}

describe('demo domain seed', () => {
  it('has the real distributors, fuses, OBIS codes and collectors', async () => {
    expect((await all('distributors')).map((row) => row.name)).toEqual([
      'ČEZ Distribuce, a.s.',
      'EG.D, a.s.',
      'PREdistribuce, a.s.',
    ]);
    const fuseTexts = (await all('fuses')).map((row) => row.text);
    expect(fuseTexts).toHaveLength(12);
    expect(fuseTexts).toContain('1×25 A');
    expect(fuseTexts).toContain('3×80 A');
    expect((await all('obises')).map((row) => row.obis)).toEqual([
      '1.8.0',
      '1.8.1',
      '1.8.2',
      '2.8.0',
    ]);
    expect(await all('collectors')).toHaveLength(10);
    expect((await all('products')).length).toBeGreaterThan(0);
    expect((await all('suppliers')).length).toBeGreaterThan(0);
  });

  it('has customers with valid IČO/DIČ, each with addresses and a contract', async () => {
    const customers = await all('customers');
    expect(customers).toHaveLength(DEMO_CUSTOMER_COUNT);
    const companies = customers.filter((row) => row.type === 'company');
    expect(companies.length).toBeGreaterThan(10);
    for (const company of companies) {
      expect(isValidIco(String(company.crn)), String(company.crn)).toBe(true);
      expect(company.tin).toBe(`CZ${company.crn}`);
      expect(company.company_name).not.toBe('');
    }
    for (const person of customers.filter((row) => row.type === 'person'))
      expect(person.last_name).not.toBe('');
    expect(customers.some((row) => /[ěščřžýáíéůú]/i.test(String(row.last_name)))).toBe(true);
    const found = await server.request('/customers/?search=dvorakova', { token: admin });
    expect(found.body.count).toBeGreaterThan(0);
    expect((await all('addresses')).length).toBeGreaterThanOrEqual(2 * DEMO_CUSTOMER_COUNT);
    expect(await all('contracts')).toHaveLength(DEMO_CUSTOMER_COUNT);
    expect((await all('payments')).length).toBe(3 * DEMO_CUSTOMER_COUNT);
  });

  it('has a point per contract with a valid EAN and a specification history', async () => {
    const points = await all('points');
    expect(points).toHaveLength(DEMO_CUSTOMER_COUNT);
    for (const point of points)
      expect(isValidEan18(String(point.ean)), String(point.ean)).toBe(true);
    const specifications = await all('specifications');
    expect(specifications).toHaveLength(2 * DEMO_CUSTOMER_COUNT);
    const first = points[0]!.id;
    const history = specifications
      .filter((row) => row.point === first)
      .sort((a, b) => String(a.valid_from).localeCompare(String(b.valid_from)));
    expect(history.map((row) => [row.state, row.valid_to])).toEqual([
      ['ended', '2024-12-31'],
      ['active', null],
    ]);
    expect(history[1]!.parent_specification).toBe(history[0]!.id);
    expect(history[1]!.tariff_device).toEqual(expect.any(Number));
    expect(specifications.some((row) => row.production_type === 'pv')).toBe(true);
  });

  it('has meters under the collectors with rising daily readings', async () => {
    const devices = await all('tariffdevices');
    expect(devices).toHaveLength(DEMO_CUSTOMER_COUNT);
    expect(new Set(devices.map((row) => row.collector)).size).toBe(10);
    const producer = devices.find((row) => row.ean_production !== null)!;
    const readings = (
      await server.request(
        `/measurements/?filter=tariff_device=${producer.id}&sort=timestamp_received&page_size=9999`,
        { token: admin },
      )
    ).body.results as Record<string, string>[];
    expect(readings).toHaveLength(TEST_READING_DAYS);
    expect(readings[0]!.timestamp_received).toBe('2025-01-01T00:00:00Z');
    for (let i = 1; i < readings.length; i++) {
      for (const register of ['obis_181', 'obis_280'])
        expect(Number(readings[i]![register])).toBeGreaterThan(Number(readings[i - 1]![register]));
      expect(Number(readings[i]!.obis_182)).toBeGreaterThanOrEqual(
        Number(readings[i - 1]!.obis_182),
      );
    }
  });

  it('a seeded row passes the API validation unchanged', async () => {
    const [customer] = await all('customers');
    const { id, ...body } = customer!;
    const response = await server.request(`/customers/${id}/`, {
      method: 'PUT',
      token: admin,
      body,
    });
    expect(response.status).toBe(200);
  });

  it('changes nothing when run again', async () => {
    await seedDemo(server.database.db, { passwordHash: 'x' });
    expect(await all('customers')).toHaveLength(DEMO_CUSTOMER_COUNT);
    expect(await all('fuses')).toHaveLength(12);
  });
});

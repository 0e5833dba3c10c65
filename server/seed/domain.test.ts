import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidIco } from '../resources/definitions/rules';
import { startTestServer, type TestServer } from '../test/server';
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

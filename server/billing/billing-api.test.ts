/**
 * The bill preview and global settings API (docs/billing.md, docs/product.md) over real HTTP, and the
 * docs/billing.md "Worked example": every figure of it asserted here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNotNull } from 'drizzle-orm';
import { points } from '../db/schema';
import { DEMO_USERS } from '../seed';
import { billContract } from './index';
import { storeBillingExample, type BillingExample } from '../test-support/billing-example';
import { startTestServer, type TestServer } from '../test-support/server';

let server: TestServer;
let admin: string;
let clerk: string;
let biller: string;
let billerOnly: string;
let example: BillingExample;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  clerk = await server.login(DEMO_USERS.clerk);
  biller = await server.loginWithPrivileges(['CONTRACTS', 'BILLING']);
  billerOnly = await server.loginWithPrivileges(['BILLING']);
  example = await storeBillingExample(server.database.db);
});
afterAll(() => server.close());

const preview = (query: string, token = admin, lang = 'en') =>
  server.request(`/contracts/${example.contract}/bill-preview/?${query}`, { token, lang });

describe('GET /contracts/{id}/bill-preview/', () => {
  it('answers the worked example of docs/billing.md, every figure', async () => {
    const response = await preview('from=2025-01-01&to=2025-02-01', biller);
    expect(response.status).toBe(200);
    const bill = response.body;
    expect(bill).toMatchObject({
      contract: example.contract,
      contract_no: 'EXAMPLE-1',
      customer: example.customer,
      product: example.product,
      period: { from: '2025-01-01', to: '2025-02-01' },
    });
    expect(bill.points).toHaveLength(1);
    const [segment] = bill.points[0].segments;
    expect(bill.points[0].segments).toHaveLength(1);
    expect(segment).toMatchObject({
      from: '2025-01-01',
      to: '2025-02-01',
      tariff_code: 'D02d',
      current_a: 25,
      months: '1',
      ht_mwh: '0.31',
      lt_mwh: '0.031',
      production_mwh: '0',
      start: {
        at: '2024-12-31T23:00:00.000Z',
        obis_181: '1000.000',
        obis_182: '500.000',
        estimated: false,
      },
      end: {
        at: '2025-01-31T23:00:00.000Z',
        obis_181: '1310.000',
        obis_182: '531.000',
        estimated: true,
      },
    });
    expect(
      segment.lines.map((line: Record<string, string>) => [
        line.kind,
        line.quantity,
        line.unit,
        line.unit_price,
        line.amount,
      ]),
    ).toEqual([
      ['energy_ht', '0.31', 'MWh', '2000', '620.00'],
      ['energy_lt', '0.031', 'MWh', '1500', '46.50'],
      ['supplier_monthly_fee', '1', 'month', '100', '100.00'],
      ['distribution_ht', '0.31', 'MWh', '1000', '310.00'],
      ['distribution_lt', '0.031', 'MWh', '200', '6.20'],
      ['main_fuse', '25', 'A·month', '10', '250.00'],
      ['system_services', '0.341', 'MWh', '150', '51.15'],
      ['poze', '0.341', 'MWh', '500', '170.50'],
      ['non_network_infrastructure', '1', 'month', '10', '10.00'],
      ['electricity_tax', '0.341', 'MWh', '28.3', '9.65'],
    ]);
    expect(segment.lines[0].label).toBe('Energy, high tariff');
    expect([bill.base, bill.vat_rate, bill.vat, bill.production, bill.total]).toEqual([
      '1574.00',
      '21',
      '330.54',
      '0.00',
      '1904.54',
    ]);
    expect([bill.advances, bill.amount_due]).toEqual(['1500.00', '404.54']);
    expect(bill.advance_payments).toMatchObject([{ ts: '2025-01-15', amount: '1500.00' }]);
  });

  it('answers labels in Czech', async () => {
    const response = await preview('from=2025-01-01&to=2025-02-01', admin, 'cs');
    expect(response.body.points[0].segments[0].lines[0].label).toBe('Silová elektřina, VT');
  });

  it('answers 422 with the reasons when the contract cannot be billed', async () => {
    const response = await preview('from=2025-01-01&to=2025-03-01', admin, 'cs');
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe('Smlouvu za toto období nelze vyfakturovat.');
    expect(response.body.reasons).toEqual([
      {
        code: 'no_reading_after',
        point_id: example.point,
        // The titles the message names them by, for links to their records.
        point_title: expect.stringMatching(/^85918249\d{10} – Example point \d+$/),
        device_id: example.device,
        device_title: expect.stringMatching(/^EXAMPLE-\d+$/),
        day: '2025-03-01',
        // The meter by its serial, the point as its record is titled (EAN – name).
        message: expect.stringMatching(
          /^Elektroměr EXAMPLE-\d+ na odběrném místě 85918249\d{10} – Example point \d+ nemá odečet po 1\. 3\. 2025 0:00\.$/,
        ),
      },
    ]);
  });

  it.each([
    ['', { from: ['This field is required.'], to: ['This field is required.'] }],
    ['from=2025-01-01&to=2025-13-01', { to: expect.any(Array) }],
    ['from=2025-02-01&to=2025-02-01', { to: ['The end must be after the start.'] }],
    ['from=2020-01-01&to=2025-01-01', { to: ['The period may be at most 731 days long.'] }],
  ])('bounds its input: %s → 400', async (query, body) => {
    const response = await preview(query);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(body);
  });

  it('answers 404 for an unknown contract', async () => {
    const response = await server.request(
      '/contracts/999999/bill-preview/?from=2025-01-01&to=2025-02-01',
      {
        token: admin,
      },
    );
    expect(response.status).toBe(404);
  });

  it('needs BILLING', async () => {
    expect((await preview('from=2025-01-01&to=2025-02-01', clerk)).status).toBe(403);
    expect((await preview('from=2025-01-01&to=2025-02-01', billerOnly)).status).toBe(200);
    expect(
      (
        await server.request(
          `/contracts/${example.contract}/bill-preview/?from=2025-01-01&to=2025-02-01`,
        )
      ).status,
    ).toBe(401);
  });
});

describe('the demo data', () => {
  it('bills every demo contract with points (products on contracts, tariffs for every rate)', async () => {
    const db = server.database.db;
    const withPoints = await db
      .selectDistinct({ contract: points.contract })
      .from(points)
      .where(isNotNull(points.contract));
    const demo = withPoints.filter((row) => row.contract !== example.contract);
    expect(demo.length).toBeGreaterThan(10);
    for (const { contract } of demo) {
      const result = await billContract(db, contract!, { from: '2025-01-02', to: '2025-01-10' });
      expect(result.ok ? 'ok' : JSON.stringify(result.reasons), `contract ${contract}`).toBe('ok');
    }
  });
});

describe('/settings/global/', () => {
  const settings = {
    supplier_name: 'Joule Energie s.r.o.',
    ico: '27082440',
    dic: 'CZ27082440',
    address: 'Vodičkova 1\n110 00 Praha 1',
    bank_account: '123456789/0100',
    vat_rates: [
      { rate: '21', valid_from: '2013-01-01' },
      { rate: '12', valid_from: '2030-01-01' },
    ],
  };

  it('starts empty with 21 % VAT', async () => {
    const response = await server.request('/settings/global/', { token: biller });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      supplier_name: '',
      ico: '',
      dic: '',
      address: '',
      bank_account: '',
      vat_rates: [{ rate: '21.00', valid_from: '2013-01-01' }],
    });
  });

  it('a superuser replaces them; BILLING reads them; others may not', async () => {
    expect(
      (await server.request('/settings/global/', { method: 'PUT', token: biller, body: settings }))
        .status,
    ).toBe(403);
    expect((await server.request('/settings/global/', { token: clerk })).status).toBe(403);
    const put = await server.request('/settings/global/', {
      method: 'PUT',
      token: admin,
      body: settings,
    });
    expect(put.status).toBe(200);
    const read = await server.request('/settings/global/', { token: billerOnly });
    expect(read.body).toEqual({
      ...settings,
      vat_rates: [
        { rate: '21.00', valid_from: '2013-01-01' },
        { rate: '12.00', valid_from: '2030-01-01' },
      ],
    });
  });

  it('answers every field error in one 400', async () => {
    const response = await server.request('/settings/global/', {
      method: 'PUT',
      token: admin,
      body: {
        ...settings,
        ico: '12345678',
        dic: 'XX1',
        supplier_name: 'x'.repeat(201),
        vat_rates: [
          { rate: '121', valid_from: '2013-01-01' },
          { rate: '21', valid_from: '2013-01-01' },
        ],
      },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body).sort()).toEqual([
      'dic',
      'ico',
      'supplier_name',
      'vat_rates.0.rate',
      'vat_rates.1.valid_from',
    ]);
  });

  it('the VAT rate in force on the last day prices the bill', async () => {
    await server.request('/settings/global/', {
      method: 'PUT',
      token: admin,
      body: {
        ...settings,
        vat_rates: [
          { rate: '21', valid_from: '2013-01-01' },
          { rate: '10', valid_from: '2025-01-31' },
        ],
      },
    });
    const response = await preview('from=2025-01-01&to=2025-02-01');
    expect([response.body.vat_rate, response.body.vat, response.body.total]).toEqual([
      '10',
      '157.40',
      '1731.40',
    ]);
  });
});

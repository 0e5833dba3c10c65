/**
 * docs/product.md, published by the API's declarations: units (OpenAPI `x-unit` codes, OPTIONS
 * `unit` in the request's language, labels without them), form sections of the entities
 * with many fields, and delete refusals naming rows by their readable titles.
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

type Info = Record<
  string,
  { label: string; unit?: string; section?: string; section_name?: string }
>;

async function options(name: string, lang: 'cs' | 'en'): Promise<Info> {
  const response = await server.request(`/${name}/`, { method: 'OPTIONS', token: admin, lang });
  expect(response.status).toBe(200);
  return response.body.actions.POST as Info;
}

async function post(name: string, body: unknown) {
  const response = await server.request(`/${name}/`, { method: 'POST', token: admin, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as number;
}

const RESOURCES = [
  'tariffs',
  'fuses',
  'discounts',
  'invoices',
  'payments',
  'measurements',
  'specifications',
];

describe('units', () => {
  it('publishes each unit with its basis as an x-unit code', async () => {
    const { components } = (await server.request('/schema/')).body;
    const tariff = components.schemas.Tariff.properties;
    expect(tariff.distribution_per_mwh_ht['x-unit']).toBe('CZK/MWh');
    expect(tariff.electricity_tax_per_mw['x-unit']).toBe('CZK/MWh');
    expect(tariff.other_svc_poze_per_a['x-unit']).toBe('CZK/A/month');
    expect(tariff.trade_monthly_pay['x-unit']).toBe('CZK/month');
    expect(tariff.price['x-unit']).toBe('CZK');
    expect(tariff.fuse_from['x-unit']).toBe('A');
    expect(components.schemas.Fuse.properties.price_for_every_a['x-unit']).toBe('CZK/A/month');
    expect(components.schemas.Invoice.properties.total['x-unit']).toBe('CZK');
    expect(components.schemas.Measurement.properties.obis_181['x-unit']).toBe('kWh');
    expect(components.schemas.Discount.properties.percent['x-unit']).toBe('%');
  });

  it.each([
    ['cs', 'Distribuce, VT', 'Kč/MWh', 'Kč/A/měsíc'],
    ['en', 'Distribution, high tariff', 'CZK/MWh', 'CZK/A/month'],
  ] as const)(
    'names the unit in OPTIONS in %s, the label without it',
    async (lang, label, mwh, a) => {
      const tariff = await options('tariffs', lang);
      expect(tariff.distribution_per_mwh_ht).toMatchObject({ label, unit: mwh });
      expect(tariff.other_svc_poze_per_a?.unit).toBe(a);
      expect((await options('fuses', lang)).price_for_every_a?.unit).toBe(a);
    },
  );

  it.each(['cs', 'en'] as const)('never repeats a unit in a label (%s)', async (lang) => {
    for (const name of RESOURCES) {
      for (const [field, info] of Object.entries(await options(name, lang))) {
        expect(info.label, `${name}.${field}`).not.toMatch(/\((Kč|CZK|kWh|MWh|kW|A|%)[^)]*\)/);
        if (info.unit !== undefined) expect(info.label).not.toContain(info.unit);
      }
    }
  });
});

describe('sections', () => {
  it.each([
    ['contracts', 'billing_period', 'billing', 'Fakturace'],
    ['points', 'city', 'address', 'Adresa'],
    ['specifications', 'main_fuse', 'supply', 'Dodávka'],
    ['specifications', 'installed_power', 'production', 'Výroba'],
    ['tariffs', 'distribution_per_mwh_lt', 'prices_lt', 'Ceny NT'],
    ['tariffs', 'fuse_to', 'fuse', 'Podmínka jističe'],
    ['tariffdevices', 'ean_consumption', 'metering', 'Odběrná místa'],
    ['invoices', 'amount_due', 'amounts', 'Částky'],
  ])('%s: %s in section %s (%s)', async (name, field, key, czech) => {
    const info = (await options(name, 'cs'))[field];
    expect(info).toMatchObject({ section: key, section_name: czech });
    const { components } = (await server.request('/schema/')).body;
    const schema = Object.values(components.schemas as Record<string, { properties?: object }>)
      .map((s) => s.properties as Record<string, { 'x-section'?: string }> | undefined)
      .find((p) => p?.[field]?.['x-section'] === key);
    expect(schema).toBeDefined();
  });
});

describe('a delete refused because of references', () => {
  it('names the row and the rows referencing it by their readable titles, in both languages', async () => {
    const customer = await post('customers', {
      customer_no: 'DEL-1',
      type: 'person',
      title_before: 'Ing.',
      first_name: 'Jan',
      last_name: 'Mrázek',
      title_after: 'Ph.D.',
    });
    await post('contracts', { customer, contract_no: 'S-DEL-1', valid_from: '2025-01-01' });
    const path = `/customers/${customer}/`;
    const en = await server.request(path, { method: 'DELETE', token: admin, lang: 'en' });
    expect(en.status).toBe(400);
    expect(en.body.detail).toBe(
      'Cannot delete customer "Ing. Jan Mrázek, Ph.D." because it is referenced by contracts: S-DEL-1.',
    );
    const cs = await server.request(path, { method: 'DELETE', token: admin, lang: 'cs' });
    expect(cs.body.detail).toBe(
      'Záznam „Ing. Jan Mrázek, Ph.D.“ (zákazník) nelze smazat, protože na něj odkazují: smlouvy: S-DEL-1.',
    );
  });

  it('names a reading by its device and time as each language writes it, not its id', async () => {
    const device = await post('tariffdevices', { serial_number: 'EM-DEL', name: 'Měřič' });
    await post('measurements', {
      tariff_device: device,
      timestamp_received: '2025-12-30T23:00:00Z',
      obis_181: '1',
      obis_182: '0',
      obis_280: '0',
    });
    const path = `/tariffdevices/${device}/`;
    const en = await server.request(path, { method: 'DELETE', token: admin, lang: 'en' });
    expect(en.body.detail).toBe(
      'Cannot delete device "EM-DEL Měřič" because it is referenced by measurements: EM-DEL Měřič 12/31/2025, 12:00 AM.',
    );
    const cs = await server.request(path, { method: 'DELETE', token: admin, lang: 'cs' });
    expect(cs.body.detail).toBe(
      'Záznam „EM-DEL Měřič“ (zařízení) nelze smazat, protože na něj odkazují: odečty: EM-DEL Měřič 31. 12. 2025 0:00.',
    );
  });
});

/**
 * docs/billing.md "Integrity" over real HTTP: the readings, specification and tariff the
 * worked example's issued invoice was billed from cannot be created, changed or deleted in
 * a way that changes it (409 naming the invoice, in the request's language), through the
 * single routes, the bulk delete and the bulk readings import; what the bill does not read
 * stays editable; after the invoice is cancelled, everything is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { measurements, specifications, tariffs } from '../db/schema';
import { DEMO_USERS } from '../seed';
import { storeBillingExample, type BillingExample } from '../test-support/billing-example';
import { insertInvoice } from '../test-support/invoices';
import { startTestServer, type TestServer } from '../test-support/server';
import { startOfDay } from './dates';

let server: TestServer;
let admin: string;
let example: BillingExample;
let invoice: number;
let number: string;
let readings: { id: number; at: Date }[];
let specification: number;
let tariff: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  const { db } = server.database;
  example = await storeBillingExample(db);
  invoice = await insertInvoice(db, {
    contract: example.contract,
    amountDue: '404.54',
    variableSymbol: '1',
    periodFrom: '2025-01-01',
  });
  number = (await server.request(`/invoices/${invoice}/`, { token: admin })).body.number;
  readings = (
    await db
      .select({ id: measurements.id, at: measurements.timestampReceived })
      .from(measurements)
      .where(eq(measurements.tariffDevice, example.device))
  ).sort((a, b) => a.at.getTime() - b.at.getTime());
  [{ id: specification }] = (await db
    .select({ id: specifications.id })
    .from(specifications)
    .where(eq(specifications.point, example.point))) as [{ id: number }];
  [{ id: tariff }] = (await db
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(and(eq(tariffs.product, example.product), eq(tariffs.code, 'D02d')))) as [
    { id: number },
  ];
});
afterAll(() => server.close());

const call = (path: string, method: string, body?: unknown, lang = 'en') =>
  server.request(path, { token: admin, method, body, lang });

function expectConflict(response: { status: number; body: { detail: string } }, what: string) {
  expect(response.status).toBe(409);
  expect(response.body.detail).toBe(
    `Invoice ${number} (EXAMPLE-1, 1/1/2025 – 1/31/2025) was computed from ${what}: while it stands, the change cannot be made. To correct the invoice, cancel it and bill the period again.`,
  );
}

const at = (day: string) => new Date(startOfDay(day)).toISOString();

describe('readings behind an issued invoice', () => {
  it('cannot be deleted or changed, in the language of the request', async () => {
    expectConflict(await call(`/measurements/${readings[0]!.id}/`, 'DELETE'), 'this reading');
    expectConflict(
      await call(`/measurements/${readings[1]!.id}/`, 'PATCH', { obis_181: '1500' }),
      'this reading',
    );
    const czech = await call(`/measurements/${readings[0]!.id}/`, 'DELETE', undefined, 'cs');
    expect(czech.status).toBe(409);
    expect(czech.body.detail).toContain(`faktura ${number} (EXAMPLE-1, 1. 1. 2025 – 31. 1. 2025)`);
    expect(czech.body.invoice).toBe(invoice);
  });

  it('get no new reading among them; one after them is taken', async () => {
    const inside = await call('/measurements/', 'POST', {
      tariff_device: example.device,
      timestamp_received: at('2025-01-20'),
      obis_181: '1200',
      obis_182: '520',
      obis_280: '0',
    });
    expectConflict(inside, 'this reading');
    const after = await call('/measurements/', 'POST', {
      tariff_device: example.device,
      timestamp_received: at('2025-03-01'),
      obis_181: '1500',
      obis_182: '560',
      obis_280: '0',
    });
    expect(after.status).toBe(201);
  });

  it('are refused by the bulk delete and the bulk import, row by row', async () => {
    const bulk = await call('/measurements/bulk/delete/', 'POST', { ids: [readings[0]!.id] });
    expect(bulk.status).toBe(200);
    expect(bulk.body.succeeded).toEqual([]);
    expect(bulk.body.failed[0].reason).toContain(`Invoice ${number}`);
    const imported = await call('/measurements/bulk/', 'POST', [
      {
        tariff_device: example.device,
        timestamp_received: at('2025-01-25'),
        obis_181: '1250',
        obis_182: '525',
        obis_280: '0',
      },
      {
        tariff_device: example.device,
        timestamp_received: at('2025-03-10'),
        obis_181: '1600',
        obis_182: '570',
        obis_280: '0',
      },
    ]);
    expect(imported.body).toMatchObject({ created: 1, failed: 1 });
    expect(imported.body.errors['0'].timestamp_received[0]).toContain(`Invoice ${number}`);
  });
});

describe('the specification and the tariff behind an issued invoice', () => {
  it('cannot change what the bill reads; the rest can', async () => {
    expectConflict(
      await call(`/specifications/${specification}/`, 'PATCH', { phases: '1' }),
      'this specification',
    );
    expectConflict(await call(`/specifications/${specification}/`, 'DELETE'), 'this specification');
    expectConflict(
      await call('/specifications/', 'POST', {
        point: example.point,
        valid_from: '2025-01-15',
        distribution_tariff_code: 'D01d',
        state: 'active',
      }),
      'this specification',
    );
    const unread = await call(`/specifications/${specification}/`, 'PATCH', {
      reserved_capacity: '10',
    });
    expect(unread.status).toBe(200);
    const later = await call('/specifications/', 'POST', {
      point: example.point,
      tariff_device: example.device,
      valid_from: '2025-03-01',
      distribution_tariff_code: 'D02d',
      state: 'planned',
    });
    expect(later.status).toBe(201);

    expectConflict(
      await call(`/tariffs/${tariff}/`, 'PATCH', { trade_per_mw_ht: '2100.00' }),
      'this tariff',
    );
    expectConflict(await call(`/tariffs/${tariff}/`, 'DELETE'), 'this tariff');
  });

  it('all change once the invoice is cancelled', async () => {
    expect((await call(`/invoices/${invoice}/cancel/`, 'POST')).status).toBe(200);
    expect(
      (await call(`/tariffs/${tariff}/`, 'PATCH', { trade_per_mw_ht: '2100.00' })).status,
    ).toBe(200);
    // A rate the bill read (phases would now also need a single-phase fuse).
    expect(
      (
        await call(`/specifications/${specification}/`, 'PATCH', {
          distribution_tariff_code: 'D57d',
        })
      ).status,
    ).toBe(200);
    expect((await call(`/measurements/${readings[0]!.id}/`, 'DELETE')).status).toBe(204);
  });
});

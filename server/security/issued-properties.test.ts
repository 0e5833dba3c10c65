/**
 * Properties of issued invoices (docs/billing.md "Invoices", "Integrity"), over HTTP against
 * the real API, as the superuser, on a contract billed for March 2026 and issued:
 *
 * - **An issued document does not change over time**: arbitrary sequences of allowed writes
 *   (renaming the customer, changing its language and e-mails, changing the billing address,
 *   adding a permanent one, changing the point's address and EAN, the supplier's name and
 *   bank account in the global settings, the contract's number and account) each succeed,
 *   and leave the issued invoice's stored document byte-identical, its PDF's text (Czech and
 *   English) identical and its own fields as they were. A draft of the same month, which
 *   reads the data afresh, must change under the same writes: the writes reach documents,
 *   so the property could fail.
 * - **Readings behind an issued invoice are locked**: a PATCH (any change of time,
 *   registers, flag or meter), a DELETE or a bulk delete of a reading the invoice read (from
 *   the last one before its period to the first one after, both included) is refused with
 *   409 naming the invoice (`{"detail", "invoice": id}`), and nothing changes; a new reading
 *   between them, or one moved there from outside, is refused the same way. Readings outside
 *   that window stay editable: a change within their neighbours' bounds is taken, a deletion
 *   too.
 *
 * A few runs each (fixed seed, `JOULE_FUZZ_SEED` overrides), well under a minute.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfDay } from '../billing/dates';
import { seedBillable, type Billable } from '../billing/runs/fixtures';
import { processBatch } from '../billing/runs/process';
import { billingRunItems, billingRuns, invoices } from '../db/schema';
import { pdfText } from '../test-support/pdf-text';
import { startTestServer, type TestServer } from '../test-support/server';
import { gs1CheckDigit } from '../resources/rules';
import { adminSession } from './harness';

const SEED = Number(process.env.JOULE_FUZZ_SEED ?? 20_251_128);

/** The billed month: readings on the 1st of every month of 2026 (`seedBillable`). */
const PERIOD = { from: '2026-03-01', to: '2026-04-01' };
/**
 * The readings the March bill read (docs/billing.md "Integrity"): the last before 1 March
 * (1 February) to the first after 1 April (1 May), both included.
 */
const LOCKED_DAYS = ['2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01'];
/** The 1st of `month` of 2026. */
const firstOf = (month: number) => `2026-${String(month).padStart(2, '0')}-01`;
/** Readings outside that window, with both neighbours outside it too (and in the past). */
const OUTSIDE_DAYS = ['2026-07-01', '2026-08-01', '2026-09-01'];

const SETTINGS = {
  supplier_name: 'Joule Energie s.r.o.',
  ico: '27082440',
  dic: 'CZ27082440',
  address: 'Vinohradská 1\n120 00 Praha 2',
  bank_account: '19-2000145399/0800',
  vat_rates: [{ rate: '21', valid_from: '2013-01-01' }],
};

/** Accounts the settings take (valid Czech account numbers and an IBAN). */
const BANK_ACCOUNTS = [
  '19-2000145399/0800',
  '2000145399/0800',
  '0000107030/0800',
  'CZ6508000000192000145399',
];

let server: TestServer;
let token: string;
let seeded: Billable;
/** The issued invoice and the draft of the same month. */
let issued: number;
let draft: number;
let issuedNumber: string;
/** The issued invoice's contract's meter. */
let device: number;
/** The meter of the other (draft) contract. */
let otherDevice: number;
let point: number;
let billingAddress: number;

const api = (path: string, method = 'GET', body?: unknown) =>
  server.request(path, { method, token, body });

/** The PDF of `id` in `lang`, as text. */
async function pdf(id: number, lang: 'cs' | 'en'): Promise<string> {
  const response = await fetch(`${server.origin}/api/v1/invoices/${id}/pdf/?lang=${lang}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return pdfText(new Uint8Array(await response.arrayBuffer()));
}

/** The document stored on invoice `id`, as the database holds it. */
async function storedDocument(id: number): Promise<string> {
  const [row] = await server.database.db
    .select({ document: invoices.document })
    .from(invoices)
    .where(eq(invoices.id, id));
  return JSON.stringify(row?.document ?? null);
}

/** The reading of `device` on `day` (local midnight, Europe/Prague), as the API reads it. */
async function readingOn(day: string): Promise<Record<string, unknown>> {
  const at = new Date(startOfDay(day)).toISOString();
  const list = await api(
    `/measurements/?filter=${encodeURIComponent(`tariff_device=${device}`)}&page_size=100`,
  );
  expect(list.status).toBe(200);
  const found = (list.body.results as Record<string, unknown>[]).find(
    (row) => new Date(String(row.timestamp_received)).toISOString() === at,
  );
  if (!found) throw new Error(`no reading on ${day}`);
  return found;
}

/** The point of `contract` (one each) and the meter of its specification. */
async function pointAndDevice(contract: number): Promise<[number, number]> {
  const points = await api(`/points/?filter=${encodeURIComponent(`contract=${contract}`)}`);
  const id = points.body.results[0].id as number;
  const specifications = await api(`/specifications/?filter=${encodeURIComponent(`point=${id}`)}`);
  return [id, specifications.body.results[0].tariff_device];
}

beforeAll(async () => {
  server = await startTestServer({ accessLifetime: 3600 });
  token = (await adminSession(server)).token;
  expect((await api('/settings/global/', 'PUT', SETTINGS)).status).toBe(200);
  const { db } = server.database;
  seeded = await seedBillable(db, { count: 2, prefix: 'ISSUED' });
  const address = await api('/addresses/', 'POST', {
    customer: seeded.customer,
    type: 'billing',
    street: 'Dlouhá 5',
    zip_code: '60200',
    city: 'Brno',
  });
  expect(address.status, JSON.stringify(address.body)).toBe(201);
  billingAddress = address.body.id;

  const [run] = await db
    .insert(billingRuns)
    .values({ month: PERIOD.from, total: seeded.contracts.length })
    .returning({ id: billingRuns.id });
  const items = await db
    .insert(billingRunItems)
    .values(
      seeded.contracts.map((contract) => ({
        run: run!.id,
        contract,
        periodFrom: PERIOD.from,
        periodTo: PERIOD.to,
      })),
    )
    .returning({ id: billingRunItems.id });
  await processBatch(
    db,
    run!.id,
    items.map((item) => item.id),
  );
  const made = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(inArray(invoices.contract, seeded.contracts))
    .orderBy(asc(invoices.id));
  expect(made).toHaveLength(2);
  [issued, draft] = made.map((row) => row.id) as [number, number];
  const answer = await api(`/invoices/${issued}/issue/`, 'POST');
  expect(answer.body.state).toBe('issued');
  issuedNumber = answer.body.number;

  [point, device] = await pointAndDevice(seeded.contracts[0]!);
  [, otherDevice] = await pointAndDevice(seeded.contracts[1]!);
}, 120_000);

afterAll(() => server?.close());

/** Names and places the writes use: plain letters, so each write is valid. */
const word = fc
  .string({
    unit: fc.constantFrom(...'abcdefghijklmnoprstuvzáéíčřšž'),
    minLength: 2,
    maxLength: 12,
  })
  .map((text) => text[0]!.toUpperCase() + text.slice(1));
const zip = fc.integer({ min: 10_000, max: 79_999 }).map(String);

/** One allowed write, as a description and a call; each must succeed. */
type Write = { what: string; body: unknown; path: string; method: string };

const writeArbitrary: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ first_name: word, last_name: word }).map((body) => ({
    what: 'rename the customer',
    path: `/customers/${seeded.customer}/`,
    method: 'PATCH',
    body,
  })),
  fc.record({ street: word.map((name) => `${name} 7`), zip_code: zip, city: word }).map((body) => ({
    what: 'change the billing address',
    path: `/addresses/${billingAddress}/`,
    method: 'PATCH',
    body,
  })),
  fc
    .record({
      language: fc.constantFrom('cs', 'en'),
      document_email: fc.integer({ min: 1, max: 1e6 }).map((n) => `invoices-${n}@example.cz`),
      report_email: fc.integer({ min: 1, max: 1e6 }).map((n) => `reports-${n}@example.cz`),
    })
    .map((body) => ({
      what: "change the customer's language and e-mails",
      path: `/customers/${seeded.customer}/`,
      method: 'PATCH',
      body,
    })),
  fc.record({ street: word.map((name) => `${name} 9`), zip_code: zip, city: word }).map((body) => ({
    what: 'add a permanent address',
    path: '/addresses/',
    method: 'POST',
    body: { ...body, customer: seeded.customer, type: 'permanent' },
  })),
  fc.record({ street: word.map((name) => `${name} 3`), city: word, name: word }).map((body) => ({
    what: "change the point's address",
    path: `/points/${point}/`,
    method: 'PATCH',
    body,
  })),
  fc
    .record({ bank_account: fc.constantFrom(...BANK_ACCOUNTS), supplier_name: word })
    .map((changed) => ({
      what: "change the supplier's bank account",
      path: '/settings/global/',
      method: 'PUT',
      body: { ...SETTINGS, ...changed, supplier_name: `${changed.supplier_name} a.s.` },
    })),
  fc
    // A prefix no demo or fixture point has, so the EAN is free.
    .integer({ min: 0, max: 999_999_999 })
    .map((n) => `85918299${String(n).padStart(9, '0')}`)
    .map((digits) => ({
      what: "change the point's EAN",
      path: `/points/${point}/`,
      method: 'PATCH',
      body: { ean: `${digits}${gs1CheckDigit(digits)}` },
    })),
  fc
    .record({
      contract_no: fc.integer({ min: 1, max: 1e6 }).map((n) => `PROPS-${n}`),
      account_no: fc.constantFrom('0000107030/0800', '2000145399/0800', ''),
    })
    .map((body) => ({
      what: "edit the contract's number and account",
      path: `/contracts/${seeded.contracts[0]}/`,
      method: 'PATCH',
      body,
    })),
);

/** The invoice's own fields: its row without the embedded titles of what it references. */
async function invoiceFields(id: number): Promise<Record<string, unknown>> {
  const row = await api(`/invoices/${id}/`);
  expect(row.status).toBe(200);
  return Object.fromEntries(
    Object.entries(row.body as Record<string, unknown>).filter(
      ([name]) => !name.endsWith('_title') && !name.endsWith('_titles'),
    ),
  );
}

describe('an issued document does not change over time', () => {
  it('allowed writes leave the issued PDF and snapshot identical (and do change a draft)', async () => {
    const frozen = {
      document: await storedDocument(issued),
      cs: await pdf(issued, 'cs'),
      en: await pdf(issued, 'en'),
      row: await invoiceFields(issued),
    };
    expect(frozen.document).not.toBe('null');
    expect(frozen.cs).toContain(issuedNumber);
    let draftChanged = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(writeArbitrary, { minLength: 1, maxLength: 4 }), async (writes) => {
        const draftBefore = await pdf(draft, 'cs');
        for (const write of writes) {
          const answer = await api(write.path, write.method, write.body);
          expect(answer.status, `${write.what}: ${JSON.stringify(answer.body)}`).toBe(
            write.method === 'POST' ? 201 : 200,
          );
        }
        const done = writes.map((write) => write.what).join(', ');
        expect(await storedDocument(issued), done).toBe(frozen.document);
        expect(await pdf(issued, 'cs'), done).toBe(frozen.cs);
        expect(await pdf(issued, 'en'), done).toBe(frozen.en);
        expect(await invoiceFields(issued), done).toEqual(frozen.row);
        if ((await pdf(draft, 'cs')) !== draftBefore) draftChanged += 1;
      }),
      { numRuns: 8, seed: SEED, endOnFailure: true },
    );
    // The writes do reach a document that reads the data afresh.
    expect(draftChanged).toBeGreaterThan(0);
  }, 60_000);
});

/** Registers as the API writes them. */
const kwh = (value: number) => value.toFixed(3);

/** A change of a locked reading: something in the body always differs from the row. */
const lockedChange = (row: Record<string, unknown>) =>
  fc.oneof(
    fc
      .record(
        {
          obis_181: fc.integer({ min: 0, max: 20_000 }),
          obis_182: fc.integer({ min: 0, max: 20_000 }),
          obis_280: fc.integer({ min: 0, max: 100 }),
        },
        { requiredKeys: [] },
      )
      .map((registers) => ({
        ...Object.fromEntries(Object.entries(registers).map(([name, value]) => [name, kwh(value)])),
        // Always one register off by a little, so the body is a change.
        obis_181: kwh(Number(row.obis_181) + (registers.obis_181 ?? 0) + 0.001),
      })),
    fc
      .integer({ min: -20 * 24, max: 20 * 24 })
      .filter((hours) => hours !== 0)
      .map((hours) => ({
        timestamp_received: new Date(
          new Date(String(row.timestamp_received)).getTime() + hours * 3_600_000,
        ).toISOString(),
      })),
    fc.constant({ to_check: !row.to_check }),
    // Onto the meter of the other contract, at an instant no invoice read.
    fc.constant({ tariff_device: otherDevice, timestamp_received: '2019-06-01T10:00:00.000Z' }),
  );

/** Asserts `answer` is the 409 naming the issued invoice. */
function expectLockedBy(answer: { status: number; body: unknown }, what: string): void {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(409);
  const body = answer.body as { detail?: unknown; invoice?: unknown };
  expect(body.invoice, what).toBe(issued);
  expect(String(body.detail), what).toContain(issuedNumber);
}

describe('readings behind an issued invoice are locked', () => {
  it('a PATCH, DELETE or bulk delete of a reading the invoice read is a 409 naming it; nothing changes', async () => {
    const kinds = fc.constantFrom('patch', 'delete', 'bulk delete');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LOCKED_DAYS),
        kinds,
        fc.integer({ min: 0, max: 1e6 }),
        async (day, kind, choice) => {
          const row = await readingOn(day);
          const path = `/measurements/${row.id}/`;
          const count = (await api('/measurements/?page_size=1')).body.count;
          if (kind === 'patch') {
            // One change of this row, chosen by `choice` (the row is known only now).
            const [body] = fc.sample(lockedChange(row), { seed: choice, numRuns: 1 });
            const what = `PATCH reading of ${day} ${JSON.stringify(body)}`;
            expectLockedBy(await api(path, 'PATCH', body), what);
          } else if (kind === 'delete') {
            expectLockedBy(await api(path, 'DELETE'), `DELETE reading of ${day}`);
          } else {
            const answer = await api('/measurements/bulk/delete/', 'POST', { ids: [row.id] });
            expect(answer.status).toBe(200);
            expect(answer.body.succeeded).toEqual([]);
            expect(answer.body.failed).toHaveLength(1);
            expect(String(answer.body.failed[0].reason)).toContain(issuedNumber);
          }
          expect((await api(path)).body, `${kind} of ${day}`).toEqual(row);
          expect((await api('/measurements/?page_size=1')).body.count).toBe(count);
        },
      ),
      { numRuns: 15, seed: SEED, endOnFailure: true },
    );
  }, 60_000);

  it('a new reading between them, or one moved among them, is a 409 naming the invoice', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Any hour from the locked window's first reading to its last, not on a reading.
        fc.integer({ min: 1, max: 89 * 24 - 1 }),
        fc.constantFrom(...OUTSIDE_DAYS, 'new'),
        async (hours, from) => {
          const at = new Date(new Date(startOfDay(LOCKED_DAYS[0]!)).getTime() + hours * 3_600_000);
          const count = (await api('/measurements/?page_size=1')).body.count;
          if (from === 'new') {
            const answer = await api('/measurements/', 'POST', {
              tariff_device: device,
              timestamp_received: at.toISOString(),
              obis_181: '1000.500',
              obis_182: '500.000',
              obis_280: '0.000',
            });
            expectLockedBy(answer, `POST a reading at ${at.toISOString()}`);
          } else {
            const row = await readingOn(from);
            const answer = await api(`/measurements/${row.id}/`, 'PATCH', {
              timestamp_received: at.toISOString(),
            });
            expectLockedBy(answer, `move the reading of ${from} to ${at.toISOString()}`);
            expect((await api(`/measurements/${row.id}/`)).body).toEqual(row);
          }
          expect((await api('/measurements/?page_size=1')).body.count).toBe(count);
        },
      ),
      { numRuns: 8, seed: SEED + 1, endOnFailure: true },
    );
  }, 60_000);

  it('readings outside the window stay editable', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...OUTSIDE_DAYS),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        fc.integer({ min: -6, max: 6 }),
        fc.boolean(),
        async (day, fraction, hours, remove) => {
          const row = await readingOn(day);
          const month = Number(day.slice(5, 7));
          const [previous, next] = await Promise.all([
            readingOn(firstOf(month - 1)),
            readingOn(firstOf(month + 1)),
          ]);
          // Registers strictly between the neighbours', the time a few hours off the 1st.
          const between = (name: string) =>
            kwh(Number(previous[name]) + (Number(next[name]) - Number(previous[name])) * fraction);
          const body = {
            obis_181: between('obis_181'),
            obis_182: between('obis_182'),
            timestamp_received: new Date(
              new Date(String(row.timestamp_received)).getTime() + hours * 3_600_000,
            ).toISOString(),
          };
          const what = `PATCH reading of ${day} ${JSON.stringify(body)}`;
          const answer = await api(`/measurements/${row.id}/`, 'PATCH', body);
          expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(200);
          expect(answer.body.obis_181).toBe(body.obis_181);
          // Back to the 1st, as the other runs find it.
          const back = await api(`/measurements/${row.id}/`, 'PATCH', {
            timestamp_received: row.timestamp_received,
          });
          expect(back.status, JSON.stringify(back.body)).toBe(200);
          if (remove) {
            expect((await api(`/measurements/${row.id}/`, 'DELETE')).status).toBe(204);
            const again = await api('/measurements/', 'POST', {
              tariff_device: device,
              timestamp_received: row.timestamp_received,
              obis_181: row.obis_181,
              obis_182: row.obis_182,
              obis_280: row.obis_280,
            });
            expect(again.status, JSON.stringify(again.body)).toBe(201);
          }
        },
      ),
      { numRuns: 10, seed: SEED + 2, endOnFailure: true },
    );
  }, 60_000);
});

/**
 * A billing run's batch bills as the single-contract path does (docs/billing.md): the inputs read
 * together for a batch (`loadBillInputs`) are, contract by contract, those read alone
 * (`loadBillInput`, the preview's), and the invoices a batch writes (amounts and lines) and
 * the failures it records are what `billContract` answers for each contract — on the demo
 * data, the worked example of docs/billing.md and the run fixtures, with periods of different lengths in
 * one batch. A database error in one bill fails that contract only. Runs on PGlite and, in
 * the postgres project, on PostgreSQL.
 */
import Decimal from 'decimal.js';
import { asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billContract, billOf, type Bill, type BillResult } from '../../billing';
import { loadBillInput, loadBillInputs, type BillRequest } from '../../billing/load';
import { seedBillable, type Billable } from '../../billing/runs/fixtures';
import { processBatch } from '../../billing/runs/process';
import { billingRunItems, invoiceLines, invoices, points, specifications } from '../../db/schema';
import { DEMO_USERS } from '../../seed';
import { storeBillingExample, type BillingExample } from '../../test-support/billing-example';
import { startTestServer, type TestServer } from '../../test-support/server';

let server: TestServer;
let admin: string;
let example: BillingExample;
let monthly: Billable;
let quarterly: Billable;
let stale: Billable;
let demo: number[];
beforeAll(async () => {
  // Runs are planned and their jobs sent, but only this file's processBatch bills them.
  server = await startTestServer({ billingQueue: { work: false } });
  admin = await server.login(DEMO_USERS.admin);
  const db = server.database.db;
  example = await storeBillingExample(db);
  monthly = await seedBillable(db, { count: 4, points: 2, prefix: 'BATCH-M' });
  quarterly = await seedBillable(db, { count: 2, prefix: 'BATCH-Q', billingPeriod: 'quarterly' });
  stale = await seedBillable(db, { count: 1, prefix: 'BATCH-S', noReadingsAfter: '2026-03-15' });
  const withPoints = await db
    .selectDistinct({ contract: points.contract })
    .from(points)
    .where(isNotNull(points.contract));
  const seeded = new Set([
    example.contract,
    ...monthly.contracts,
    ...quarterly.contracts,
    ...stale.contracts,
  ]);
  demo = withPoints.flatMap((row) =>
    row.contract === null || seeded.has(row.contract) ? [] : [row.contract],
  );
});
afterAll(() => server.close());

/** `value` as a canonical decimal string: `'1.000000'` and `'1'` compare equal. */
const num = (value: string) => new Decimal(value).toString();

/** The figures of `bill` as an invoice stores them. */
function expectedInvoice(bill: Bill) {
  return {
    base: num(bill.base),
    vat_rate: num(bill.vat_rate),
    vat: num(bill.vat),
    production: num(bill.production),
    total: num(bill.total),
    advances: num(bill.advances),
    amount_due: num(bill.amount_due),
    lines: bill.points.flatMap((point) =>
      point.segments.flatMap((segment) =>
        segment.lines.map((line) => ({
          point: point.point,
          segment_from: segment.from,
          segment_to: segment.to,
          kind: line.kind,
          quantity: num(line.quantity),
          unit: line.unit,
          unit_price: num(line.unit_price),
          amount: num(line.amount),
        })),
      ),
    ),
  };
}

/** The stored invoice `id` in the shape of {@link expectedInvoice}. */
async function storedInvoice(id: number) {
  const db = server.database.db;
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoice, id))
    .orderBy(asc(invoiceLines.position));
  return {
    base: num(row!.base),
    vat_rate: num(row!.vatRate),
    vat: num(row!.vat),
    production: num(row!.production),
    total: num(row!.total),
    advances: num(row!.advances),
    amount_due: num(row!.amountDue),
    lines: lines.map((line) => ({
      point: line.point,
      segment_from: line.segmentFrom,
      segment_to: line.segmentTo,
      kind: line.kind,
      quantity: num(line.quantity),
      unit: line.unit,
      unit_price: num(line.unitPrice),
      amount: num(line.amount),
    })),
  };
}

/** Plans a run for `month` through the API; its items. */
async function plannedRun(month: string) {
  const created = await server.request('/billing-runs/', {
    method: 'POST',
    token: admin,
    body: { month },
  });
  expect(created.status).toBe(201);
  const items = await server.database.db
    .select()
    .from(billingRunItems)
    .where(eq(billingRunItems.run, created.body.id))
    .orderBy(asc(billingRunItems.id));
  return { run: created.body.id as number, items };
}

describe('a batch of contracts', () => {
  it('reads for each contract what it reads alone, and bills it alike, whatever the periods', async () => {
    const db = server.database.db;
    const requests: BillRequest[] = [
      { contract: example.contract, period: { from: '2025-01-01', to: '2025-02-01' } },
      ...monthly.contracts.map((contract) => ({
        contract,
        period: { from: '2026-02-01', to: '2026-03-01' },
      })),
      ...quarterly.contracts.map((contract) => ({
        contract,
        period: { from: '2026-01-01', to: '2026-04-01' },
      })),
      // The same contract twice, for different periods, and one that does not bill.
      { contract: monthly.contracts[0]!, period: { from: '2026-05-01', to: '2026-06-01' } },
      { contract: stale.contracts[0]!, period: { from: '2026-03-01', to: '2026-04-01' } },
      ...demo.map((contract) => ({ contract, period: { from: '2025-01-02', to: '2025-01-10' } })),
      { contract: 987_654, period: { from: '2026-02-01', to: '2026-03-01' } },
    ];
    const together = await loadBillInputs(db, requests);
    expect(together).toHaveLength(requests.length);
    const results: BillResult[] = [];
    for (const [index, request] of requests.entries()) {
      const alone = await loadBillInput(db, request.contract, request.period);
      expect(together[index], `contract ${request.contract}`).toEqual(alone);
      const single = await billContract(db, request.contract, request.period);
      const batched = billOf(request.contract, together[index] ?? null);
      expect(batched, `contract ${request.contract}`).toEqual(single);
      results.push(batched);
    }
    // Not vacuous: the worked example with its advance, several points, bills and refusals.
    expect(together[0]!.advances).toHaveLength(1);
    expect(together[1]!.points).toHaveLength(2);
    expect(together[1]!.readings.length).toBeGreaterThan(0);
    const ok = results.filter((result) => result.ok).length;
    expect(ok).toBeGreaterThanOrEqual(1 + monthly.contracts.length + quarterly.contracts.length);
    expect(results.at(-1)).toMatchObject({
      ok: false,
      reasons: [{ code: 'contract_not_found' }],
    });
    const staleResult = results[requests.length - demo.length - 2]!;
    expect(staleResult.ok ? [] : staleResult.reasons.map((r) => r.code)).toEqual([
      'no_reading_after',
    ]);
  });

  it('a run writes the invoices (amounts, lines) and failures that billContract gives', async () => {
    const db = server.database.db;
    // March 2026: monthly contracts for March, quarterly ones for January–March, in one batch.
    const { run, items } = await plannedRun('2026-03-01');
    const ours = new Set([...monthly.contracts, ...quarterly.contracts, ...stale.contracts]);
    expect(items.filter((item) => ours.has(item.contract))).toHaveLength(ours.size);
    await processBatch(
      db,
      run,
      items.map((item) => item.id),
    );
    const done = await db
      .select()
      .from(billingRunItems)
      .where(eq(billingRunItems.run, run))
      .orderBy(asc(billingRunItems.id));
    let invoiced = 0;
    for (const item of done) {
      const single = await billContract(db, item.contract, {
        from: item.periodFrom,
        to: item.periodTo,
      });
      if (single.ok) {
        expect(item.status, `contract ${item.contract}`).toBe('invoiced');
        expect(await storedInvoice(item.invoice!), `contract ${item.contract}`).toEqual(
          expectedInvoice(single.bill),
        );
        invoiced += 1;
      } else {
        expect(item.status, `contract ${item.contract}`).toBe('failed');
        expect(item.reasons, `contract ${item.contract}`).toEqual(
          JSON.parse(JSON.stringify(single.reasons)),
        );
      }
    }
    expect(invoiced).toBeGreaterThanOrEqual(monthly.contracts.length + quarterly.contracts.length);
    const quarter = done.find((item) => item.contract === quarterly.contracts[0]);
    expect(quarter).toMatchObject({ periodFrom: '2026-01-01', periodTo: '2026-04-01' });
    const bad = done.find((item) => item.contract === stale.contracts[0]);
    expect(bad).toMatchObject({ status: 'failed' });
    // Once billed, the same batch again changes nothing.
    const before = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(inArray(invoices.contract, [...ours]));
    await processBatch(
      db,
      run,
      items.map((item) => item.id),
    );
    const after = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(inArray(invoices.contract, [...ours]));
    expect(after).toEqual(before);
  });

  it('fails only the contract whose invoice the database refuses; the rest of the batch is billed', async () => {
    const db = server.database.db;
    const culprit = monthly.contracts[1]!;
    // A reading so high that the bill's amounts overflow numeric(14, 2): the insert fails.
    const [spec] = await db
      .select({ device: specifications.tariffDevice })
      .from(specifications)
      .innerJoin(points, eq(points.id, specifications.point))
      .where(eq(points.contract, culprit))
      .limit(1);
    await db.execute(sql`
      update measurements set obis_181 = 999999999999
      where tariff_device_id = ${spec!.device}
        and timestamp_received = (date '2026-05-01')::timestamp at time zone 'Europe/Prague'`);
    const { run, items } = await plannedRun('2026-04-01');
    await processBatch(
      db,
      run,
      items.map((item) => item.id),
    );
    const done = await db
      .select()
      .from(billingRunItems)
      .where(inArray(billingRunItems.contract, monthly.contracts))
      .orderBy(asc(billingRunItems.contract));
    const april = done.filter((item) => item.run === run);
    expect(april.map((item) => [item.contract, item.status])).toEqual(
      monthly.contracts.map((contract) => [contract, contract === culprit ? 'failed' : 'invoiced']),
    );
    expect(april.find((item) => item.contract === culprit)!.reasons).toEqual([
      expect.objectContaining({ code: 'error' }),
    ]);
  });
});

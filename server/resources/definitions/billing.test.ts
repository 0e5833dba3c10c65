/**
 * Billing runs and invoices through the API (docs/billing.md): a run bills the contracts due,
 * records failures and goes on, is idempotent, can be cancelled; two workers never bill a
 * contract twice; invoices are numbered without gaps, immutable once issued, and render as
 * PDF. Runs on PGlite and, in the postgres project, on PostgreSQL (real concurrency).
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBillable } from '../../billing/runs/fixtures';
import { processBatch, pragueToday } from '../../billing/runs/process';
import { planRun } from '../../billing/runs/plan';
import { startBillingQueue } from '../../billing/runs/queue';
import type { Database } from '../../db/client';
import { billingRunItems, billingRuns, contracts, invoices } from '../../db/schema';
import { addDays } from '../../billing/dates';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test-support/server';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer({ billingQueue: { work: true } });
  admin = await server.login(DEMO_USERS.admin);
});
afterAll(() => server.close());

const api = (path: string, method = 'GET', body?: unknown) =>
  server.request(path, { method, token: admin, body });

/** Polls the run's progress until it is no longer running. */
async function finished(run: number) {
  for (let i = 0; i < 600; i += 1) {
    const progress = await api(`/billing-runs/${run}/progress/`);
    if (progress.body.state !== 'running') return progress.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`run ${run} never finished`);
}

async function invoiceCount(contracts: readonly number[]) {
  let total = 0;
  for (const contract of contracts) {
    const [row] = await server.database.db
      .select({ n: count() })
      .from(invoices)
      .where(eq(invoices.contract, contract));
    total += Number(row!.n);
  }
  return total;
}

describe('billing runs', () => {
  it('bills every contract due, records failures with reasons and goes on; runs again skip', async () => {
    const good = await seedBillable(server.database.db, { count: 3, points: 2, prefix: 'RUN-A' });
    const bad = await seedBillable(server.database.db, {
      count: 1,
      prefix: 'RUN-B',
      noReadingsAfter: '2026-02-15',
    });
    // Quarterly from January: the first period ends in March, so not due in February.
    const quarterly = await seedBillable(server.database.db, {
      count: 1,
      prefix: 'RUN-Q',
      billingPeriod: 'quarterly',
    });

    const created = await api('/billing-runs/', 'POST', { month: '2026-02-01' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ month: '2026-02-01', state: 'running' });
    const progress = await finished(created.body.id);
    // The demo data's contracts have no product: they fail too, with their reasons.
    const demoFailures = progress.total - 4;
    expect(progress).toMatchObject({
      state: 'done',
      invoiced: 3,
      skipped: 0,
      failed: 1 + demoFailures,
      remaining: 0,
      points_billed: 6,
    });
    expect(progress.failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          contract: bad.contracts[0],
          contract_no: 'RUN-B-1',
          period_from: '2026-02-01',
          period_to: '2026-03-01',
          reasons: [
            expect.objectContaining({ code: 'no_reading_after', message: expect.any(String) }),
          ],
        }),
      ]),
    );
    expect(await invoiceCount(good.contracts)).toBe(3);
    expect(await invoiceCount(quarterly.contracts)).toBe(0);

    const list = await api(`/invoices/?filter=contract=${good.contracts[0]},state=draft`);
    expect(list.body.count).toBe(1);
    const invoice = list.body.results[0];
    expect(invoice).toMatchObject({
      number: null,
      state: 'draft',
      period_from: '2026-02-01',
      period_to: '2026-03-01',
      taxable_supply_date: '2026-02-28',
      variable_symbol: '1',
      vat_rate: '21.00',
    });
    // 2 points × (1 MWh HT, 0.5 MWh LT) in February.
    const lines = await api(`/invoices/${invoice.id}/lines/`);
    expect(
      lines.body.results.filter((line: { kind: string }) => line.kind === 'energy_ht'),
    ).toEqual([
      expect.objectContaining({
        quantity: '1.000000',
        unit: 'MWh',
        unit_price: '2000.000000',
        amount: '2000.00',
      }),
      expect.objectContaining({ quantity: '1.000000', unit: 'MWh', amount: '2000.00' }),
    ]);

    // Idempotent: the same month again skips what is invoiced; the failure is recorded again.
    const again = await api('/billing-runs/', 'POST', { month: '2026-02-01' });
    expect(await finished(again.body.id)).toMatchObject({
      invoiced: 0,
      skipped: 3,
      failed: 1 + demoFailures,
    });
    expect(await invoiceCount(good.contracts)).toBe(3);

    // The quarterly contract is due in March.
    const march = await api('/billing-runs/', 'POST', { month: '2026-03-01' });
    await finished(march.body.id);
    const q = await api(`/invoices/?filter=contract=${quarterly.contracts[0]}`);
    expect(q.body.results[0]).toMatchObject({ period_from: '2026-01-01', period_to: '2026-04-01' });
  });

  it('plans only the first `limit` due contracts by id when asked (the bench option)', async () => {
    await seedBillable(server.database.db, { count: 3, prefix: 'RUN-L' });
    const db = server.database.db;
    const rollback = new Error('rollback');
    /** Plans a run (as many contracts as `limit`) and rolls it back; returns what it planned. */
    const plan = async (limit?: number) => {
      let planned = { contracts: [] as number[], total: -1 };
      await db
        .transaction(async (tx) => {
          const [run] = await tx
            .insert(billingRuns)
            .values({ month: '2026-02-01' })
            .returning({ id: billingRuns.id });
          await planRun(tx as unknown as Database, run!.id, { limit });
          const items = await tx
            .select({ contract: billingRunItems.contract })
            .from(billingRunItems)
            .where(eq(billingRunItems.run, run!.id))
            .orderBy(billingRunItems.contract);
          const [row] = await tx
            .select({ total: billingRuns.total })
            .from(billingRuns)
            .where(eq(billingRuns.id, run!.id));
          planned = { contracts: items.map((item) => item.contract), total: row!.total };
          throw rollback;
        })
        .catch((error: unknown) => {
          if (error !== rollback) throw error;
        });
      return planned;
    };
    const all = await plan();
    expect(all.contracts.length).toBeGreaterThanOrEqual(3);
    const first = await plan(2);
    expect(first).toEqual({ contracts: all.contracts.slice(0, 2), total: 2 });
  });

  it('refuses a month that is not a first day, and edits or deletes of runs', async () => {
    const bad = await api('/billing-runs/', 'POST', { month: '2026-02-03' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ month: ['Enter the first day of a month.'] });
    const run = await api('/billing-runs/', 'POST', { month: '2025-11-01' });
    expect((await api(`/billing-runs/${run.body.id}/`, 'DELETE')).status).toBe(403);
  });

  it('cancels a run: nothing pending is billed afterwards', async () => {
    // A second process's queue that only sends: nobody works this run's jobs yet. The first
    // server goes with its database (on PostgreSQL a database of its own, dropped on close).
    await server.close().catch(() => undefined);
    server = await startTestServer({ billingQueue: { work: false } });
    admin = await server.login(DEMO_USERS.admin);
    const seeded = await seedBillable(server.database.db, { count: 4, prefix: 'RUN-C' });
    const run = await api('/billing-runs/', 'POST', { month: '2026-05-01' });
    const cancelled = await api(`/billing-runs/${run.body.id}/cancel/`, 'POST');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'cancelled', remaining: 0, done: 0 });
    expect(cancelled.body.cancelled).toBe(cancelled.body.total);
    expect(cancelled.body.total).toBeGreaterThanOrEqual(4);
    expect((await api(`/billing-runs/${run.body.id}/cancel/`, 'POST')).status).toBe(400);
    const items = await server.database.db
      .select({ id: billingRunItems.id })
      .from(billingRunItems)
      .where(eq(billingRunItems.run, run.body.id));
    await processBatch(
      server.database.db,
      run.body.id,
      items.map((item) => item.id),
    );
    expect(await invoiceCount(seeded.contracts)).toBe(0);
  });

  it('two workers share a run and never bill a contract twice, even given the same batch', async () => {
    const seeded = await seedBillable(server.database.db, { count: 120, prefix: 'RUN-W' });
    const run = await api('/billing-runs/', 'POST', { month: '2026-06-01' });
    expect(run.body.total).toBeGreaterThanOrEqual(120);
    const items = await server.database.db
      .select({ id: billingRunItems.id })
      .from(billingRunItems)
      .where(eq(billingRunItems.run, run.body.id));
    const ids = items.map((item) => item.id);
    // The same batches delivered twice, at once, besides two pg-boss workers taking the jobs.
    const one = await startBillingQueue(server.database.db, { work: true, pollingSeconds: 0.5 });
    const two = await startBillingQueue(server.database.db, { work: true, pollingSeconds: 0.5 });
    await Promise.all([
      processBatch(server.database.db, run.body.id, ids),
      processBatch(server.database.db, run.body.id, [...ids].reverse()),
    ]);
    const progress = await finished(run.body.id);
    await Promise.all([one.stop(), two.stop()]);
    // Besides these 120, the demo contracts (no product: they fail) and those of earlier
    // tests are due in June too; every item is billed or failed exactly once.
    expect(progress.done + progress.failed).toBe(progress.total);
    expect(progress.remaining).toBe(0);
    expect(await invoiceCount(seeded.contracts)).toBe(120);
  }, 180_000);
});

describe('invoices', () => {
  let drafts: number[];
  beforeAll(async () => {
    const seeded = await seedBillable(server.database.db, { count: 6, prefix: 'INV' });
    const run = await api('/billing-runs/', 'POST', { month: '2026-07-01' });
    const items = await server.database.db
      .select({ id: billingRunItems.id })
      .from(billingRunItems)
      .where(eq(billingRunItems.run, run.body.id));
    await processBatch(
      server.database.db,
      run.body.id,
      items.map((item) => item.id),
    );
    const list = await api(`/invoices/?filter=customer=${seeded.customer}&sort=id`);
    drafts = list.body.results.map((row: { id: number }) => row.id);
    expect(drafts).toHaveLength(6);
  });

  it('are made by runs only', async () => {
    const refused = await api('/invoices/', 'POST', { note: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'Invoices are made by billing runs.' });
  });

  it('are numbered in a yearly series without gaps or duplicates when issued at once', async () => {
    const year = pragueToday().slice(0, 4);
    const issued = await Promise.all(
      drafts.slice(0, 5).map((id) => api(`/invoices/${id}/issue/`, 'POST')),
    );
    expect(issued.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const numbers = issued.map((answer) => answer.body.number as string).sort();
    const first = Number(numbers[0]);
    expect(numbers[0]!.slice(0, 4)).toBe(year);
    expect(numbers).toEqual([0, 1, 2, 3, 4].map((k) => String(first + k)));
    expect(issued[0]!.body).toMatchObject({ state: 'issued', issue_date: pragueToday() });
    expect((await api(`/invoices/${drafts[0]}/issue/`, 'POST')).status).toBe(400);
  });

  it('are immutable once issued; a draft may be edited and deleted; cancel frees the period', async () => {
    const issued = drafts[0]!;
    const patch = await api(`/invoices/${issued}/`, 'PATCH', { note: 'changed' });
    expect(patch.status).toBe(403);
    expect(patch.body.detail).toMatch(/issued invoice cannot be changed/);
    expect((await api(`/invoices/${issued}/`, 'DELETE')).status).toBe(403);
    const draft = drafts[5]!;
    expect((await api(`/invoices/${draft}/`, 'PATCH', { note: 'ok' })).body.note).toBe('ok');
    expect((await api(`/invoices/${draft}/cancel/`, 'POST')).status).toBe(400);
    expect((await api(`/invoices/${draft}/`, 'DELETE')).status).toBe(204);

    const cancel = await api(`/invoices/${issued}/cancel/`, 'POST');
    expect(cancel.body.state).toBe('cancelled');
    expect((await api(`/invoices/${issued}/`, 'DELETE')).status).toBe(403);
    const history = await api(`/invoices/${issued}/history/`);
    expect(history.body.results[0].changes.state).toEqual(['issued', 'cancelled']);
  });

  it("carry the contract number's digits as variable symbol (never its account number; else the invoice number at issue), are due 14 days after issue, filter by period and state; a correction is a cancellation and a new invoice", async () => {
    const seeded = await seedBillable(server.database.db, { count: 2, prefix: 'VS' });
    const [withAccount, withoutAccount] = seeded.contracts as [number, number];
    await server.database.db
      .update(contracts)
      .set({ accountNo: '9876543210/0800', contractNo: 'S-2026-00042' })
      .where(eq(contracts.id, withAccount));
    await server.database.db
      .update(contracts)
      .set({ contractNo: 'VS-TWO' })
      .where(eq(contracts.id, withoutAccount));
    /** Runs billing for August 2026 and bills its items here (this server's queue only sends). */
    const bill = async () => {
      const run = await api('/billing-runs/', 'POST', { month: '2026-08-01' });
      const items = await server.database.db
        .select({ id: billingRunItems.id })
        .from(billingRunItems)
        .where(eq(billingRunItems.run, run.body.id));
      await processBatch(
        server.database.db,
        run.body.id,
        items.map((item) => item.id),
      );
      return finished(run.body.id);
    };
    await bill();
    const mine = `customer=${seeded.customer}`;
    const list = await api(`/invoices/?filter=${mine}&sort=contract`);
    expect(list.body.results).toEqual([
      expect.objectContaining({
        contract: withAccount,
        customer: seeded.customer,
        variable_symbol: '202600042',
        period_from: '2026-08-01',
        period_to: '2026-09-01',
        taxable_supply_date: '2026-08-31',
        state: 'draft',
      }),
      expect.objectContaining({ contract: withoutAccount, variable_symbol: '' }),
    ]);
    const first = list.body.results[0].id as number;
    expect((await api(`/invoices/?filter=${mine},period_from=2026-08-01`)).body.count).toBe(2);
    expect((await api(`/invoices/?filter=${mine},period_from=2026-07-01`)).body.count).toBe(0);
    expect(
      (await api(`/invoices/?filter=${mine}&gte=period_from=2026-08-01&lte=period_to=2026-09-01`))
        .body.count,
    ).toBe(2);

    const issued = await api(`/invoices/${first}/issue/`, 'POST');
    expect(issued.body.due_date).toBe(addDays(issued.body.issue_date as string, 14));
    expect((await api(`/invoices/?filter=${mine},state=issued`)).body.results).toEqual([
      expect.objectContaining({ id: first, number: issued.body.number }),
    ]);
    // Billed again while the invoice stands: skipped.
    expect(await invoiceCount([withAccount])).toBe(1);
    await bill();
    expect(await invoiceCount([withAccount])).toBe(1);

    // The correction: cancel, then bill the period again; a new draft, the cancelled one kept.
    expect((await api(`/invoices/${first}/cancel/`, 'POST')).body.state).toBe('cancelled');
    await bill();
    const after = await api(`/invoices/?filter=contract=${withAccount}&sort=id`);
    expect(after.body.results).toEqual([
      expect.objectContaining({ id: first, state: 'cancelled', number: issued.body.number }),
      expect.objectContaining({
        state: 'draft',
        number: null,
        period_from: '2026-08-01',
        period_to: '2026-09-01',
        variable_symbol: '202600042',
        total: list.body.results[0].total,
      }),
    ]);
    expect(await invoiceCount([withoutAccount])).toBe(1);
    // A contract number without digits to use: the invoice number, given at issue.
    const second = list.body.results[1].id as number;
    const issuedSecond = await api(`/invoices/${second}/issue/`, 'POST');
    expect((await api(`/invoices/${second}/`)).body.variable_symbol).toBe(issuedSecond.body.number);
  });

  it('download as a Czech or English PDF carrying the number, frozen at issue', async () => {
    const id = drafts[1]!;
    const invoice = await api(`/invoices/${id}/`);
    const settings = await api('/settings/global/', 'PUT', {
      supplier_name: 'Joule PDF Supplier',
      ico: '27082440',
      dic: 'CZ27082440',
      address: 'Main 1',
      bank_account: '123456789/0100',
      vat_rates: [{ rate: '21', valid_from: '2013-01-01' }],
    });
    expect(settings.status).toBe(200);
    for (const lang of ['cs', 'en']) {
      const response = await fetch(`${server.origin}/api/v1/invoices/${id}/pdf/?lang=${lang}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const title = lang === 'cs' ? 'Faktura' : 'Invoice';
      expect(bytes.toString('latin1')).toContain(`${title} ${invoice.body.number}`);
      // Issued before the settings changed: the supplier it was issued with, for good
      // (invoices-api.test.ts: the document's text).
      expect(bytes.toString('latin1')).not.toContain('Joule PDF Supplier');
    }
    expect((await api(`/invoices/${id}/pdf/?lang=de`)).status).toBe(400);
    const clerk = await server.login(DEMO_USERS.clerk);
    const forbidden = await server.request(`/invoices/${id}/pdf/`, { token: clerk });
    expect(forbidden.status).toBe(403);
  });
});

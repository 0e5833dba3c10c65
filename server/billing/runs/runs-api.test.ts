/**
 * docs/billing.md "Billing runs" and "Audit" over real HTTP: one run per month at a time
 * (409 naming the running one), months not in the future (400 on `month`), a run of many
 * contracts planned by a worker (the request answers `planning` at once), the metrics of
 * runs and bills, and the audit rows of settings, runs, the invoices runs make, issue,
 * cancel.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { renderMetrics } from '../../metrics';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test-support/server';
import { seedBillable } from './fixtures';
import { startBillingQueue } from './queue';
import { pragueToday } from './process';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  // Every run is planned by a worker (as a run of the large data set is); this server's
  // queue only sends, so a run stays planning until a test starts a worker.
  server = await startTestServer({ billingQueue: { work: false, inlinePlanMax: 0 } });
  admin = await server.login(DEMO_USERS.admin);
});
afterAll(() => server.close());

const api = (path: string, method = 'GET', body?: unknown, lang = 'en') =>
  server.request(path, { method, token: admin, body, lang });

/** Polls the run's progress until it is neither planning nor running. */
async function finished(run: number) {
  for (let i = 0; i < 600; i += 1) {
    const progress = await api(`/billing-runs/${run}/progress/`);
    if (progress.body.state !== 'running' && progress.body.state !== 'planning')
      return progress.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`run ${run} never finished`);
}

/** The audit rows of one row, oldest first. */
const auditOf = (resource: string, rowId: number) =>
  server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, resource), eq(auditLog.rowId, rowId)))
    .orderBy(asc(auditLog.id));

const metric = async (name: string, label: string) => {
  const body = (await renderMetrics()).body;
  const line = body.split('\n').find((row) => row.startsWith(`${name}{${label}}`));
  return line ? Number(line.split(' ').pop()) : 0;
};

describe('billing runs', () => {
  it('bill only months that have begun', async () => {
    const future = await api('/billing-runs/', 'POST', { month: '9999-12-01' });
    expect(future.status).toBe(400);
    expect(future.body).toEqual({
      month: ['A run bills a month that has begun: choose this month or an earlier one.'],
    });
    const czech = await api('/billing-runs/', 'POST', { month: '9999-12-01' }, 'cs');
    expect(czech.body.month).toEqual([
      'Fakturovat lze jen měsíc, který už začal: zvolte tento nebo dřívější měsíc.',
    ]);
    expect((await api('/billing-runs/', 'POST', { month: '9999-12' })).status).toBe(400);
    const current = await api('/billing-runs/', 'POST', {
      month: `${pragueToday().slice(0, 7)}-01`,
    });
    expect(current.status).toBe(201);
    expect((await api(`/billing-runs/${current.body.id}/cancel/`, 'POST')).status).toBe(200);
  });

  it('are planned by a worker, one per month at a time, and counted; runs and their invoices are audited', async () => {
    const seeded = await seedBillable(server.database.db, { count: 3, prefix: 'AUD' });
    const [created, bills] = [
      await metric('joule_billing_runs_total', 'event="created"'),
      await metric('joule_bills_total', 'outcome="invoiced"'),
    ];
    const run = await api('/billing-runs/', 'POST', { month: '2026-04-01' });
    expect(run.status).toBe(201);
    // Answered before any contract is planned: a worker plans it.
    expect(run.body).toMatchObject({ state: 'planning', total: 0 });
    const again = await api('/billing-runs/', 'POST', { month: '2026-04-01' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      detail: `Billing run #${run.body.id} for April 2026 is still running: wait for it to end, or cancel it, before starting another.`,
      run: run.body.id,
    });
    const worker = await startBillingQueue(server.database.db, {
      work: true,
      inlinePlanMax: 0,
      pollingSeconds: 0.5,
    });
    const progress = await finished(run.body.id);
    expect(progress).toMatchObject({ state: 'done', remaining: 0 });
    expect(progress.invoiced).toBeGreaterThanOrEqual(3);
    expect(await metric('joule_billing_runs_total', 'event="created"')).toBe(created + 1);
    expect(await metric('joule_bills_total', 'outcome="invoiced"')).toBe(bills + progress.invoiced);
    // Done: the month may be billed again.
    const later = await api('/billing-runs/', 'POST', { month: '2026-04-01' });
    expect(later.status).toBe(201);
    expect(await finished(later.body.id)).toMatchObject({ invoiced: 0 });
    await worker.stop();

    const [runCreated] = await auditOf('billing-runs', run.body.id);
    expect(runCreated).toMatchObject({ action: 'create', userEmail: DEMO_USERS.admin });
    const list = await api(`/invoices/?filter=customer=${seeded.customer}`);
    expect(list.body.count).toBe(3);
    for (const invoice of list.body.results) {
      const rows = await auditOf('invoices', invoice.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: 'create', userEmail: DEMO_USERS.admin });
      expect(rows[0]!.changes).toMatchObject({
        contract: [null, invoice.contract],
        period_from: [null, '2026-04-01'],
        state: [null, 'draft'],
        total: [null, invoice.total],
      });
    }
    // Issue and cancel, each with who did it.
    const id = list.body.results[0].id as number;
    await api(`/invoices/${id}/issue/`, 'POST');
    await api(`/invoices/${id}/cancel/`, 'POST');
    const history = await auditOf('invoices', id);
    expect(
      history.map((row) => [
        row.action,
        row.userEmail,
        (row.changes as Record<string, unknown>).state,
      ]),
    ).toEqual([
      ['create', DEMO_USERS.admin, [null, 'draft']],
      ['update', DEMO_USERS.admin, ['draft', 'issued']],
      ['update', DEMO_USERS.admin, ['issued', 'cancelled']],
    ]);
    // Payments and their matching are audited where they are made (payments.test.ts,
    // statements-api.test.ts).
  });

  it('cancelled are audited and counted; the month is free again', async () => {
    const cancelledBefore = await metric('joule_billing_runs_total', 'event="cancelled"');
    const run = await api('/billing-runs/', 'POST', { month: '2026-05-01' });
    const cancel = await api(`/billing-runs/${run.body.id}/cancel/`, 'POST');
    expect(cancel.status).toBe(200);
    expect(cancel.body.state).toBe('cancelled');
    const rows = await auditOf('billing-runs', run.body.id);
    expect(rows.map((row) => [row.action, row.userEmail])).toEqual([
      ['create', DEMO_USERS.admin],
      ['update', DEMO_USERS.admin],
    ]);
    expect((rows[1]!.changes as Record<string, unknown>).state).toEqual([
      run.body.state,
      'cancelled',
    ]);
    expect(await metric('joule_billing_runs_total', 'event="cancelled"')).toBe(cancelledBefore + 1);
    const next = await api('/billing-runs/', 'POST', { month: '2026-05-01' });
    expect(next.status).toBe(201);
  });
});

describe('global settings', () => {
  it('are audited with each changed field and who changed it', async () => {
    const before = (await api('/settings/global/')).body;
    const changed = await api('/settings/global/', 'PUT', {
      ...before,
      supplier_name: 'Joule Energy s.r.o.',
    });
    expect(changed.status).toBe(200);
    const rows = await auditOf('settings-global', 1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'update', userEmail: DEMO_USERS.admin });
    expect(rows[0]!.changes).toEqual({
      supplier_name: [before.supplier_name, 'Joule Energy s.r.o.'],
    });
    // Saving the same again changes nothing and records nothing.
    await api('/settings/global/', 'PUT', { ...before, supplier_name: 'Joule Energy s.r.o.' });
    expect(await auditOf('settings-global', 1)).toHaveLength(1);
  });
});

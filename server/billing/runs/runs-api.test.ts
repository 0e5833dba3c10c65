/**
 * docs/billing.md "Billing runs" and "Audit" over real HTTP: one run per month at a time
 * (409 naming the running one), months not in the future (400 on `month`), a run of many
 * contracts planned by a worker (the request answers `planning` at once), the metrics of
 * runs and bills, and the audit rows of settings, runs, the invoices runs make, issue,
 * cancel.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryMailer } from '../../auth/mailer';
import { auditLog, customers } from '../../db/schema';
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

describe('billing runs, mailed', () => {
  it("send a done run's issued invoices as a job: each once, progress from the invoices, audited", async () => {
    const db = server.database.db;
    const mailed = await seedBillable(db, { count: 2, prefix: 'SND' });
    const unmailed = await seedBillable(db, { count: 1, prefix: 'SNM' });
    await db
      .update(customers)
      .set({ documentEmail: 'invoices@send.test' })
      .where(eq(customers.id, mailed.customer));
    // A run not done sends nothing: planning (no worker takes its planning), then cancelled.
    const pending = await api('/billing-runs/', 'POST', { month: '2026-07-01' });
    expect(pending.status).toBe(201);
    const early = await api(`/billing-runs/${pending.body.id}/send/`, 'POST');
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ detail: 'Only a finished run can send its invoices.' });
    expect((await api(`/billing-runs/${pending.body.id}/cancel/`, 'POST')).status).toBe(200);
    expect((await api(`/billing-runs/${pending.body.id}/send/`, 'POST')).status).toBe(409);
    const mailer = new MemoryMailer();
    const worker = await startBillingQueue(db, {
      work: true,
      inlinePlanMax: 0,
      pollingSeconds: 0.5,
      mailer,
    });
    try {
      const run = await api('/billing-runs/', 'POST', { month: '2026-06-01' });
      expect(run.status).toBe(201);
      expect(await finished(run.body.id)).toMatchObject({ state: 'done' });
      for (const customer of [mailed.customer, unmailed.customer]) {
        const list = await api(`/invoices/?filter=customer=${customer}`);
        for (const invoice of list.body.results)
          if (invoice.state === 'draft')
            expect((await api(`/invoices/${invoice.id}/issue/`, 'POST')).status).toBe(200);
      }
      const before = mailer.sent.length;
      const asked = await api(`/billing-runs/${run.body.id}/send/`, 'POST');
      expect(asked.status).toBe(202);
      expect(asked.body.sending).toMatchObject({ issued: 3, without_email: 1 });
      let sending = asked.body.sending as { sent: number; remaining: number };
      for (let i = 0; i < 100 && sending.remaining > 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        sending = (await api(`/billing-runs/${run.body.id}/progress/`)).body.sending;
      }
      expect(sending).toEqual({ issued: 3, sent: 2, without_email: 1, remaining: 0 });
      const mails = mailer.sent.slice(before);
      expect(mails.map((mail) => mail.to)).toEqual(['invoices@send.test', 'invoices@send.test']);
      expect(mails.every((mail) => (mail.attachments ?? []).length === 1)).toBe(true);
      // Each send audited with who asked for the mailing.
      const sentInvoices = await api(`/invoices/?filter=customer=${mailed.customer}`);
      for (const invoice of sentInvoices.body.results) {
        const last = (await auditOf('invoices', invoice.id)).at(-1)!;
        expect(last.userEmail).toBe(DEMO_USERS.admin);
        expect(Object.keys(last.changes as object)).toContain('sent_at');
      }
      // Asked again: the job runs and sends nothing twice.
      expect((await api(`/billing-runs/${run.body.id}/send/`, 'POST')).status).toBe(202);
      for (let i = 0; i < 100; i += 1) {
        const answer = (await db.execute(
          sql`select count(*)::int as n from pgboss.job where name = 'invoice-send'
              and state = 'completed' and (data->>'run')::int = ${run.body.id}`,
        )) as unknown as { rows: { n: number }[] };
        if (Number(answer.rows[0]!.n) >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(mailer.sent.length - before).toBe(2);
    } finally {
      await worker.stop();
    }
  });
});

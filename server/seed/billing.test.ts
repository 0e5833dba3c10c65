/**
 * The demo's billing (docs/billing.md "Demo data"): the supplier filled in, the last month the
 * readings cover billed by a run, its invoices issued by the issue action but for the last
 * few, two of them paid; and the committed sample statement (data/samples/) pays the full
 * demo's invoices by variable symbol. On in-memory PGlite, through the real API.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords';
import { openDatabase } from '../db/client';
import { pdfText } from '../test-support/pdf-text';
import { TEST_PASSWORD_COST, startTestServer } from '../test-support/server';

import {
  DEMO_DRAFTS,
  DEMO_PASSWORD,
  DEMO_STATEMENT_TARGET,
  DEMO_SUPPLIER,
  DEMO_USERS,
  demoBilledMonth,
  seedDemo,
} from '.';

interface Invoice {
  id: number;
  number: string | null;
  state: string;
  run: number;
  contract: number;
  period_from: string;
  payment_state: string;
  variable_symbol: string;
  amount_due: string;
}

/** A server over the demo data seeded with `readingDays` of readings (billing included). */
async function demoServer(readingDays?: number) {
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const started = performance.now();
  await seedDemo(database.db, {
    passwordHash: await hashPassword(DEMO_PASSWORD, TEST_PASSWORD_COST),
    readingDays,
  });
  const seconds = (performance.now() - started) / 1000;
  const server = await startTestServer({ database });
  const token = await server.login(DEMO_USERS.admin);
  const list = async <T>(path: string) =>
    (await server.request(path, { token })).body.results as T[];
  return { database, server, token, list, seconds };
}

describe('demoBilledMonth', () => {
  it('is the last month with a reading before its first and after its last instant', () => {
    expect(demoBilledMonth('2025-12-31')).toBe('2025-11-01');
    expect(demoBilledMonth('2025-12-01')).toBe('2025-11-01');
    expect(demoBilledMonth('2025-11-30')).toBe('2025-10-01');
    // 1 January's reading comes after Prague's midnight: January has none before its start.
    expect(demoBilledMonth('2025-02-01')).toBeNull();
    expect(demoBilledMonth('2025-01-14')).toBeNull();
  });
});

describe('the demo seed with 70 days of readings', () => {
  let demo: Awaited<ReturnType<typeof demoServer>>;
  beforeAll(async () => {
    demo = await demoServer(70);
  }, 120_000);
  afterAll(async () => {
    await demo.server.close();
    await demo.database.close();
  });

  it('fills in the supplier that invoices print', async () => {
    const settings = await demo.server.request('/settings/global/', { token: demo.token });
    expect(settings.body).toMatchObject({
      supplier_name: DEMO_SUPPLIER.supplierName,
      ico: DEMO_SUPPLIER.ico,
      dic: DEMO_SUPPLIER.dic,
      address: DEMO_SUPPLIER.address,
      bank_account: DEMO_SUPPLIER.bankAccount,
    });
  });

  it('bills February by a run, issues its invoices but the last few and pays two', async () => {
    const runs = await demo.list<{ id: number; month: string; state: string; total: number }>(
      '/billing-runs/',
    );
    expect(runs).toHaveLength(1);
    const [run] = runs;
    expect(run).toMatchObject({ month: '2025-02-01', state: 'done' });
    const items = await demo.server.request(`/billing-runs/${run!.id}/progress/`, {
      token: demo.token,
    });
    expect(items.body).toMatchObject({ state: 'done', failed: 0, remaining: 0 });
    const invoices = await demo.list<Invoice>(`/invoices/?sort=id&page_size=1000`);
    expect(invoices.length).toBe(run!.total);
    expect(invoices.length).toBeGreaterThan(DEMO_DRAFTS + 2);
    for (const invoice of invoices) {
      expect(invoice.run).toBe(run!.id);
      expect(invoice.period_from).toBe('2025-02-01');
    }
    const drafts = invoices.slice(-DEMO_DRAFTS);
    const issued = invoices.slice(0, -DEMO_DRAFTS);
    expect(drafts.map((invoice) => invoice.state)).toEqual(drafts.map(() => 'draft'));
    expect(new Set(issued.map((invoice) => invoice.state))).toEqual(new Set(['issued']));
    const year = new Date().getFullYear();
    expect(issued.map((invoice) => invoice.number)).toEqual(
      issued.map((_, index) => `${year}${String(index + 1).padStart(6, '0')}`),
    );
    expect(issued.map((invoice) => invoice.payment_state).slice(0, 3)).toEqual([
      'paid',
      'partly_paid',
      'unpaid',
    ]);

    // Issued by the issue action: audited by the demo administrator, its document frozen
    // with the supplier and its payment data.
    const history = await demo.server.request(`/invoices/${issued[0]!.id}/history/`, {
      token: demo.token,
    });
    const rows = history.body.results as { action: string; user: { email: string } | null }[];
    expect(rows.map((row) => [row.action, row.user?.email]).sort()).toEqual([
      ['create', DEMO_USERS.admin],
      ['update', DEMO_USERS.admin],
    ]);
    const pdf = await fetch(`${demo.server.origin}/api/v1/invoices/${issued[2]!.id}/pdf/`, {
      headers: { authorization: `Bearer ${demo.token}` },
    });
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(DEMO_SUPPLIER.supplierName);
    expect(text).toContain('CZ65 0800 0000 1920 0014 5399');
    expect(text).toContain(issued[2]!.variable_symbol);
  });

  it('changes nothing when run again', async () => {
    await seedDemo(demo.database.db, { passwordHash: 'x', readingDays: 70 });
    expect(await demo.list('/billing-runs/')).toHaveLength(1);
  });
});

describe('the full demo seed and the committed sample statement', () => {
  let demo: Awaited<ReturnType<typeof demoServer>>;
  beforeAll(async () => {
    demo = await demoServer();
  }, 180_000);
  afterAll(async () => {
    await demo.server.close();
    await demo.database.close();
  });

  it('pays the demo invoices by variable symbol, once', async () => {
    const xml = readFileSync(
      new URL('../../data/samples/statement-camt053.xml', import.meta.url),
      'utf8',
    );
    const post = () =>
      demo.server.request('/incoming-payments/import/', {
        method: 'POST',
        token: demo.token,
        lang: 'en',
        body: { statement: xml },
      });
    const answer = await post();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ matched: 4, unmatched: 1, unchanged: 0, refused: 1 });
    const outcomes = (
      answer.body.entries as { outcome: string; payment_state: string | null }[]
    ).map((entry) => [entry.outcome, entry.payment_state]);
    expect(outcomes).toEqual([
      ['matched', 'paid'],
      ['matched', 'partly_paid'],
      ['matched', 'overpaid'],
      ['unmatched', null],
      ['refused', null],
      // The October credit of the target contract, before October is billed: its November
      // invoice, in part.
      ['matched', 'partly_paid'],
    ]);
    const [target] = await demo.list<{ id: number }>(
      `/contracts/?search=${DEMO_STATEMENT_TARGET.contractNo}`,
    );
    const [november] = await demo.list<Invoice>(`/invoices/?filter=contract=${target!.id}`);
    expect(november!.payment_state).toBe('partly_paid');
    expect((await post()).body).toMatchObject({ matched: 0, unmatched: 0, unchanged: 5 });
  });
});

/**
 * The receivables report over real HTTP (docs/billing.md "Receivables"): the overdue
 * invoices today by age bucket, what is still owed on each, and who may read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../billing/dates';
import { pragueToday } from '../../billing/runs/process';
import { payments } from '../../db/schema';
import { DEMO_USERS } from '../../seed';
import { storeBillingExample } from '../../test-support/billing-example';
import { insertInvoice } from '../../test-support/invoices';
import { startTestServer, type TestServer } from '../../test-support/server';

let server: TestServer;
let admin: string;
const ids: Record<string, number> = {};
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  const { contract } = await storeBillingExample(server.database.db);
  const today = pragueToday();
  const invoice = (name: string, days: number, amountDue = '100.00', state?: string) =>
    insertInvoice(server.database.db, {
      contract,
      amountDue,
      variableSymbol: String(9000 + Object.keys(ids).length),
      dueDate: addDays(today, -days),
      state,
    }).then((id) => {
      ids[name] = id;
    });
  await invoice('yesterday', 1);
  await invoice('thirty', 30);
  await invoice('fortyFive', 45, '250.50');
  await invoice('seventyFive', 75);
  await invoice('ninetyOne', 91, '1000.00');
  await invoice('today', 0);
  await invoice('future', -10);
  await invoice('draft', 40, '100.00', 'draft');
  await invoice('refund', 40, '-100.00');
  await invoice('paid', 50);
  await invoice('partly', 50, '300.00');
  await server.database.db.insert(payments).values([
    { contract, type: 'invoice', amount: '100.00', ts: today, invoice: ids.paid },
    { contract, type: 'invoice', amount: '120.00', ts: today, invoice: ids.partly },
  ]);
});
afterAll(() => server.close());

describe('GET /reports/receivables/', () => {
  it('ages the overdue invoices in four buckets by what is still owed', async () => {
    const answer = await server.request('/reports/receivables/', { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.as_of).toBe(pragueToday());
    expect(answer.body.buckets).toEqual([
      { bucket: '0-30', invoices: 2, amount: '200.00' },
      { bucket: '31-60', invoices: 2, amount: '430.50' },
      { bucket: '61-90', invoices: 1, amount: '100.00' },
      { bucket: '90+', invoices: 1, amount: '1000.00' },
    ]);
    expect(answer.body).toMatchObject({ count: 6, total: '1730.50' });
    const rows = answer.body.results as {
      invoice: number;
      days_overdue: number;
      outstanding: string;
    }[];
    expect(rows.map((row) => row.invoice)).toEqual([
      ids.ninetyOne,
      ids.seventyFive,
      ids.partly,
      ids.fortyFive,
      ids.thirty,
      ids.yesterday,
    ]);
    expect(rows[2]).toMatchObject({
      days_overdue: 50,
      amount_due: '300.00',
      paid_amount: '120.00',
      outstanding: '180.00',
      bucket: '31-60',
      contract_no: 'EXAMPLE-1',
    });
  });

  it('is for REPORTS', async () => {
    const clerk = await server.loginWithPrivileges(['CONTRACTS', 'PAYMENTS']);
    expect((await server.request('/reports/receivables/', { token: clerk })).status).toBe(403);
    const reader = await server.loginWithPrivileges(['REPORTS']);
    expect((await server.request('/reports/receivables/', { token: reader })).status).toBe(200);
  });
});

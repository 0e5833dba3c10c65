/**
 * Payments over real HTTP (docs/billing.md "Payments"): their own privilege, amounts more
 * than zero and at most `JOULE_PAYMENT_MAX`, refunds as a type of their own, audit rows,
 * and an invoice's standing following the payments that settle it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, payments } from '../../db/schema';
import { DEMO_USERS } from '../../seed';
import { storeBillingExample, type BillingExample } from '../../test-support/billing-example';
import { insertInvoice } from '../../test-support/invoices';
import { expectForbidden, startTestServer, type TestServer } from '../../test-support/server';

let server: TestServer;
let admin: string;
let clerk: string;
let accountant: string;
let example: BillingExample;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  clerk = await server.loginWithPrivileges(['CUSTOMERS', 'CONTRACTS', 'POINTS']);
  accountant = await server.login(DEMO_USERS.accountant);
  example = await storeBillingExample(server.database.db);
});
afterAll(() => server.close());
afterEach(() => {
  delete process.env.JOULE_PAYMENT_MAX;
});

const pay = (body: Record<string, unknown>, token = accountant, lang = 'en') =>
  server.request('/payments/', {
    method: 'POST',
    token,
    lang,
    body: { contract: example.contract, type: 'advance', ts: '2025-01-20', ...body },
  });

describe('the PAYMENTS privilege', () => {
  it('keeps a clerk with CONTRACTS alone away from payments (every method 403)', async () => {
    expect((await server.request(`/contracts/${example.contract}/`, { token: clerk })).status).toBe(
      200,
    );
    expect((await pay({ amount: '100.00' }, clerk)).status).toBe(403);
    await expectForbidden(server, clerk, ['payments']);
  });

  it('lets the accountant (PAYMENTS) record one, audited with who did it', async () => {
    const created = await pay({ amount: '250.00' });
    expect(created.status).toBe(201);
    const [row] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'payments'), eq(auditLog.rowId, created.body.id)));
    expect(row).toMatchObject({ action: 'create', userEmail: DEMO_USERS.accountant });
    expect(row!.changes).toMatchObject({ amount: [null, '250.00'], type: [null, 'advance'] });
    await server.database.db.delete(payments).where(eq(payments.id, created.body.id));
  });

  it('is a privilege roles can grant, in the billing area', async () => {
    const options = await server.request('/roles/', { method: 'OPTIONS', token: admin });
    const privileges = options.body.actions.POST.privileges.choices as {
      value: string;
      group: string;
    }[];
    expect(privileges.find((choice) => choice.value === 'PAYMENTS')).toMatchObject({
      group: 'billing',
    });
  });
});

describe('amounts', () => {
  it.each([['0.00'], ['-5000.00'], ['-0.01']])('refuses %s with a field error', async (amount) => {
    const refused = await pay({ amount });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body)).toEqual(['amount']);
  });

  it('refuses more than the ceiling, default 10,000,000 CZK, in the request language', async () => {
    const largest = await pay({ amount: '10000000.00' });
    expect(largest.status).toBe(201);
    await server.database.db.delete(payments).where(eq(payments.id, largest.body.id));
    const refused = await pay({ amount: '9999999999.99' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      amount: ['Ensure this value is less than or equal to 10000000.00.'],
    });
    const czech = await pay({ amount: '10000000.01' }, accountant, 'cs');
    expect(czech.status).toBe(400);
    expect(czech.body.amount[0]).toContain('10000000.00');
  });

  it('takes the ceiling from JOULE_PAYMENT_MAX, on update too', async () => {
    process.env.JOULE_PAYMENT_MAX = '5000';
    expect((await pay({ amount: '5000.01' })).body).toEqual({
      amount: ['Ensure this value is less than or equal to 5000.00.'],
    });
    const created = await pay({ amount: '4000.00' });
    expect(created.status).toBe(201);
    const patched = await server.request(`/payments/${created.body.id}/`, {
      method: 'PATCH',
      token: accountant,
      body: { amount: '6000.00' },
    });
    expect(patched.status).toBe(400);
    expect(Object.keys(patched.body)).toEqual(['amount']);
    await server.database.db.delete(payments).where(eq(payments.id, created.body.id));
  });

  it('publishes the lower bound for clients', async () => {
    const options = await server.request('/payments/', { method: 'OPTIONS', token: accountant });
    expect(options.body.actions.POST.amount).toMatchObject({ min_value: 0.01 });
  });
});

describe('refunds and the bill', () => {
  const preview = async () =>
    (
      await server.request(
        `/contracts/${example.contract}/bill-preview/?from=2025-01-01&to=2025-02-01`,
        { token: admin },
      )
    ).body;

  it('counts advances against the bill and refunds paid out for it', async () => {
    // The worked example: total 1,904.54, an advance of 1,500 → 404.54 due.
    expect((await preview()).amount_due).toBe('404.54');
    const refund = await pay({ type: 'refund', amount: '100.00', ts: '2025-01-25' });
    expect(refund.status).toBe(201);
    const advance = await pay({ type: 'advance', amount: '50.00', ts: '2025-01-26' });
    const bill = await preview();
    expect([bill.advances, bill.refunds, bill.amount_due]).toEqual(['1550.00', '100.00', '454.54']);
    expect(bill.refund_payments).toEqual([
      { id: refund.body.id, ts: '2025-01-25', amount: '100.00' },
    ]);
    for (const id of [refund.body.id, advance.body.id])
      await server.database.db.delete(payments).where(eq(payments.id, id));
  });

  it('leaves out the payments that settle an invoice', async () => {
    const invoice = await insertInvoice(server.database.db, {
      contract: example.contract,
      amountDue: '300.00',
      variableSymbol: '7001',
    });
    const settling = await pay({ type: 'invoice', amount: '300.00', invoice, ts: '2025-01-27' });
    expect(settling.status).toBe(201);
    expect((await preview()).amount_due).toBe('404.54');
    await server.database.db.delete(payments).where(eq(payments.id, settling.body.id));
  });
});

describe("an invoice's standing follows its payments", () => {
  const standing = async (id: number) =>
    (await server.request(`/invoices/${id}/`, { token: admin })).body as {
      paid_amount: string;
      payment_state: string;
    };

  it('unpaid → partly paid → paid → overpaid → back, with refunds counted against it', async () => {
    const invoice = await insertInvoice(server.database.db, {
      contract: example.contract,
      amountDue: '1000.00',
      variableSymbol: '7002',
    });
    expect(await standing(invoice)).toMatchObject({ paid_amount: '0.00', payment_state: 'unpaid' });
    const first = await pay({ type: 'invoice', amount: '400.00', invoice });
    expect(await standing(invoice)).toMatchObject({
      paid_amount: '400.00',
      payment_state: 'partly_paid',
    });
    const second = await pay({ type: 'invoice', amount: '600.00', invoice });
    expect((await standing(invoice)).payment_state).toBe('paid');
    await server.request(`/payments/${second.body.id}/`, {
      method: 'PATCH',
      token: accountant,
      body: { amount: '700.00' },
    });
    expect(await standing(invoice)).toMatchObject({
      paid_amount: '1100.00',
      payment_state: 'overpaid',
    });
    // The overpayment paid back settles it again.
    const refund = await pay({ type: 'refund', amount: '100.00', invoice });
    expect(await standing(invoice)).toMatchObject({
      paid_amount: '1000.00',
      payment_state: 'paid',
    });
    for (const id of [first.body.id, second.body.id, refund.body.id])
      await server.request(`/payments/${id}/`, { method: 'DELETE', token: accountant });
    expect(await standing(invoice)).toMatchObject({ paid_amount: '0.00', payment_state: 'unpaid' });
  });

  it('lists overdue invoices (issued, unpaid, past due) by ?overdue=true', async () => {
    const overdue = await insertInvoice(server.database.db, {
      contract: example.contract,
      amountDue: '200.00',
      variableSymbol: '7003',
      dueDate: '2025-03-01',
    });
    const notDue = await insertInvoice(server.database.db, {
      contract: example.contract,
      amountDue: '200.00',
      variableSymbol: '7004',
      dueDate: '2999-01-01',
    });
    const list = async (query: string) =>
      (
        (await server.request(`/invoices/?${query}&page_size=9999`, { token: admin })).body
          .results as { id: number }[]
      ).map((row) => row.id);
    expect(await list('overdue=true')).toContain(overdue);
    expect(await list('overdue=true')).not.toContain(notDue);
    expect(await list('overdue=false')).toContain(notDue);
    const paid = await pay({ type: 'invoice', amount: '200.00', invoice: overdue });
    expect(await list('overdue=true')).not.toContain(overdue);
    expect(await list('filter=payment_state=paid')).toContain(overdue);
    expect((await server.request('/invoices/?overdue=maybe', { token: admin })).status).toBe(400);
    await server.database.db.delete(payments).where(eq(payments.id, paid.body.id));
  });

  it('refuses to settle an invoice of another contract, a draft, or by an advance', async () => {
    const draft = await insertInvoice(server.database.db, {
      contract: example.contract,
      amountDue: '10.00',
      variableSymbol: '7005',
      state: 'draft',
    });
    expect((await pay({ type: 'invoice', amount: '10.00', invoice: draft })).body).toHaveProperty(
      'invoice',
    );
    const issued = await insertInvoice(server.database.db, {
      contract: example.contract,
      amountDue: '10.00',
      variableSymbol: '7006',
    });
    expect((await pay({ type: 'advance', amount: '10.00', invoice: issued })).body).toHaveProperty(
      'type',
    );
    const ofAnother = await insertInvoice(server.database.db, {
      amountDue: '10.00',
      variableSymbol: '7007',
    });
    const refused = await pay({ type: 'invoice', amount: '10.00', invoice: ofAnother });
    expect(refused.status).toBe(400);
    expect(refused.body.invoice).toEqual(['The invoice must belong to the payment’s contract.']);
  });
});

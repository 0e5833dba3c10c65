/**
 * Bank statement import and the assignment of unmatched payments over real HTTP
 * (docs/billing.md "Bank statements"): matching into invoices' standing, a second import
 * creating nothing, the privilege, bad files, and the audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog, payments } from '../../db/schema';
import { DEMO_USERS } from '../../seed';
import { storeBillingExample, type BillingExample } from '../../test-support/billing-example';
import { insertInvoice } from '../../test-support/invoices';
import { startTestServer, type TestServer } from '../../test-support/server';
import { buildCamt053, type SampleEntry } from './camt-build';

let server: TestServer;
let admin: string;
let accountant: string;
let clerk: string;
let example: BillingExample;
let exact: number;
let partial: number;
let over: number;
let waiting: number;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  accountant = await server.login(DEMO_USERS.accountant);
  clerk = await server.loginWithPrivileges(['CUSTOMERS', 'CONTRACTS', 'BILLING']);
  example = await storeBillingExample(server.database.db);
  const db = server.database.db;
  const invoice = (variableSymbol: string, amountDue: string) =>
    insertInvoice(db, { contract: example.contract, variableSymbol, amountDue });
  exact = await invoice('2026000101', '1000.00');
  partial = await invoice('26000102', '800.00');
  over = await invoice('2026000103', '300.00');
  waiting = await invoice('2026000104', '450.00');
});
afterAll(() => server.close());

const IBAN = 'CZ6508000000192000145399';

const statementXml = (entries: SampleEntry[], id = 'STMT-1') =>
  buildCamt053({
    id,
    iban: IBAN,
    created: '2026-02-20T07:00:00',
    from: '2026-02-16',
    to: '2026-02-19',
    opening: '5000.00',
    entries,
  });

const ENTRIES: SampleEntry[] = [
  { reference: 'A1', amount: '1000.00', bookingDate: '2026-02-16', variableSymbol: '2026000101' },
  { reference: 'A2', amount: '300.00', bookingDate: '2026-02-16', variableSymbol: '0026000102' },
  { reference: 'A3', amount: '350.00', bookingDate: '2026-02-17', variableSymbol: '2026000103' },
  { reference: 'A4', amount: '450.00', bookingDate: '2026-02-17', counterpartyName: 'Eva Malá' },
  { reference: 'A5', amount: '99.00', bookingDate: '2026-02-18', variableSymbol: '555' },
  { reference: 'A6', amount: '120.00', bookingDate: '2026-02-18', credit: false },
];

const importStatement = (xml: string, token = accountant, lang = 'en') =>
  server.request('/incoming-payments/import/', {
    method: 'POST',
    token,
    lang,
    body: { statement: xml },
  });

const standing = async (id: number) =>
  (await server.request(`/invoices/${id}/`, { token: admin })).body as {
    paid_amount: string;
    payment_state: string;
  };

describe('POST /incoming-payments/import/', () => {
  it('matches credits to invoices by variable symbol; the rest waits or is refused', async () => {
    const answer = await importStatement(statementXml(ENTRIES));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      statements: [{ id: 'STMT-1', account: IBAN }],
      matched: 3,
      unmatched: 2,
      unchanged: 0,
      refused: 1,
    });
    const outcomes = (
      answer.body.entries as { outcome: string; payment_state: string | null }[]
    ).map((entry) => [entry.outcome, entry.payment_state]);
    expect(outcomes).toEqual([
      ['matched', 'paid'],
      ['matched', 'partly_paid'],
      ['matched', 'overpaid'],
      ['unmatched', null],
      ['unmatched', null],
      ['refused', null],
    ]);
    expect(answer.body.entries[5].reason).toBe('Money out: only credits are imported.');
    expect(answer.body.entries[4].reason).toBe(
      'No unpaid issued invoice has this variable symbol.',
    );
    expect(await standing(exact)).toEqual(
      expect.objectContaining({ paid_amount: '1000.00', payment_state: 'paid' }),
    );
    expect(await standing(partial)).toEqual(
      expect.objectContaining({ paid_amount: '300.00', payment_state: 'partly_paid' }),
    );
    expect((await standing(over)).payment_state).toBe('overpaid');
    expect((await standing(waiting)).payment_state).toBe('unpaid');
    const unmatched = await server.request('/incoming-payments/?filter=state=unmatched', {
      token: accountant,
    });
    expect(unmatched.body.results.map((row: { amount: string }) => row.amount).sort()).toEqual([
      '450.00',
      '99.00',
    ]);
  });

  it('records each payment and credit with an audit row naming the user', async () => {
    const made = await server.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(inArray(payments.invoice, [exact, partial, over]));
    expect(made).toHaveLength(3);
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.resource, 'payments'),
          inArray(
            auditLog.rowId,
            made.map((row) => row.id),
          ),
        ),
      );
    expect(rows.map((row) => [row.action, row.userEmail])).toEqual(
      made.map(() => ['create', DEMO_USERS.accountant]),
    );
    const credits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, 'incoming-payments'));
    expect(credits).toHaveLength(5);
  });

  it('creates nothing when the same statement is imported again', async () => {
    const again = await importStatement(statementXml(ENTRIES));
    expect(again.body).toMatchObject({ matched: 0, unmatched: 0, unchanged: 5, refused: 1 });
    expect((await standing(exact)).paid_amount).toBe('1000.00');
  });

  it('is closed to a user without PAYMENTS', async () => {
    expect((await importStatement(statementXml(ENTRIES), clerk)).status).toBe(403);
    expect((await server.request('/incoming-payments/', { token: clerk })).status).toBe(403);
  });

  it('refuses what is no camt.053 statement, on the field, in the request language', async () => {
    const notXml = await importStatement('hello', accountant, 'cs');
    expect(notXml.status).toBe(400);
    expect(notXml.body).toEqual({ statement: ['Soubor není XML.'] });
    const other = await importStatement('<Document><BkToCstmrDbtCdtNtfctn/></Document>');
    expect(other.body).toEqual({ statement: ['The file is not a camt.053 bank statement.'] });
    const bomb = await importStatement(
      '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><d>&a;</d>',
    );
    expect(bomb.body).toEqual({
      statement: ['A statement must not contain a document type declaration.'],
    });
    expect((await importStatement('')).body).toEqual({ statement: ['This field is required.'] });
  });

  it('refuses writes through the generic API', async () => {
    const created = await server.request('/incoming-payments/', {
      method: 'POST',
      token: accountant,
      body: {},
    });
    expect(created.status).toBe(403);
  });
});

describe('an invoice symbol with other characters', () => {
  it('is compared by its digits', async () => {
    const invoice = await insertInvoice(server.database.db, {
      contract: example.contract,
      variableSymbol: 'S-2026/0105',
      amountDue: '70.00',
    });
    const answer = await importStatement(
      statementXml(
        [
          {
            reference: 'D1',
            amount: '70.00',
            bookingDate: '2026-02-19',
            variableSymbol: '20260105',
          },
        ],
        'STMT-D',
      ),
    );
    expect(answer.body.entries[0]).toMatchObject({
      outcome: 'matched',
      invoice,
      payment_state: 'paid',
    });
  });
});

describe('POST /incoming-payments/{id}/assign/', () => {
  const unmatchedOf = async (amount: string) => {
    const list = await server.request('/incoming-payments/?filter=state=unmatched', {
      token: accountant,
    });
    return (list.body.results as { id: number; amount: string }[]).find(
      (row) => row.amount === amount,
    )!.id;
  };
  const assign = (id: number, body: Record<string, unknown>) =>
    server.request(`/incoming-payments/${id}/assign/`, {
      method: 'POST',
      token: accountant,
      body,
    });

  it('makes an unmatched credit the payment of an invoice a person chose, audited', async () => {
    const id = await unmatchedOf('450.00');
    const assigned = await assign(id, { invoice: waiting });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({
      id,
      state: 'assigned',
      invoice: waiting,
      contract: example.contract,
      payment_state: 'paid',
    });
    expect((await standing(waiting)).payment_state).toBe('paid');
    const [row] = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.resource, 'incoming-payments'),
          eq(auditLog.rowId, id),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(row).toMatchObject({ userEmail: DEMO_USERS.accountant });
    expect(row!.changes).toMatchObject({ state: ['unmatched', 'assigned'] });
    const again = await assign(id, { invoice: waiting });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('Only an unmatched payment can be assigned.');
  });

  it('or an advance of a contract; refuses bad choices per field', async () => {
    const id = await unmatchedOf('99.00');
    expect((await assign(id, {})).body).toEqual({
      non_field_errors: ['Choose an invoice or a contract.'],
    });
    expect((await assign(id, { contract: example.contract, type: 'refund' })).body).toHaveProperty(
      'type',
    );
    expect((await assign(id, { contract: 999999 })).body).toHaveProperty('contract');
    const assigned = await assign(id, { contract: example.contract });
    expect(assigned.body).toMatchObject({ state: 'assigned', invoice: null, payment_state: null });
    const [payment] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, assigned.body.payment));
    expect(payment).toMatchObject({
      contract: example.contract,
      type: 'advance',
      amount: '99.00',
      ts: '2026-02-18',
      invoice: null,
    });
  });
});

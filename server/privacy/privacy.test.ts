/**
 * The privacy operations through the API (docs/security.md "Personal data"): the export as
 * JSON and PDF, the anonymisation refused while a contract is live or an invoice's
 * retention runs and done after, both audited and both behind `PRIVACY` alone.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, invoices } from '../db/schema';
import { insertInvoice } from '../test-support/invoices';
import { startTestServer, type TestServer } from '../test-support/server';
import { DEMO_USERS } from '../seed';
import { ANONYMISED, retentionEnds } from './anonymise';

let server: TestServer;
let admin: string;
let privacy: string;
/** The server's "today" (Europe/Prague), moved by the tests. */
let today = '2026-11-28';

beforeAll(async () => {
  server = await startTestServer({ today: () => today });
  admin = await server.login(DEMO_USERS.admin);
  privacy = await server.loginWithPrivileges(['PRIVACY']);
}, 300_000);

afterAll(() => server?.close());

/** A person with an address (made through the API, so their history holds the names), a
 * contract in `state` and an invoice issued in 2025. */
async function person(tag: string, state = 'active') {
  const customer = await server.request('/customers/', {
    method: 'POST',
    token: admin,
    body: {
      customer_no: `P-${tag}`,
      type: 'person',
      first_name: 'Božena',
      last_name: `Dvořáková${tag}`,
      birth_date: '1970-05-06',
      report_email: `bozena.${tag}@example.cz`,
      phone: '+420 777 123 456',
    },
  });
  expect(customer.status, JSON.stringify(customer.body)).toBe(201);
  const id = customer.body.id as number;
  const address = await server.request('/addresses/', {
    method: 'POST',
    token: admin,
    body: { customer: id, type: 'permanent', street: 'Lipová 12', city: 'Brno', zip_code: '60200' },
  });
  expect(address.status, JSON.stringify(address.body)).toBe(201);
  const [contract] = await server.database.db
    .insert(contracts)
    .values({
      customer: id,
      contractNo: `C-${tag}`,
      mode: 'supply',
      validFrom: '2024-01-01',
      state,
      billingPeriod: 'monthly',
      accountNo: '123456789/0800',
    })
    .returning({ id: contracts.id });
  const invoice = await insertInvoice(server.database.db, {
    contract: contract!.id,
    amountDue: '1234.50',
    variableSymbol: `77${tag}`,
  });
  return { id, contract: contract!.id, invoice, address: address.body.id as number };
}

describe('export of personal data', () => {
  it('answers everything held about a person as JSON, audited', async () => {
    const { id, contract, invoice } = await person('1');
    const answer = await server.request(`/customers/${id}/personal-data/`, { token: privacy });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="personal-data-P-1.json"',
    );
    expect(answer.body.customer).toMatchObject({
      id,
      first_name: 'Božena',
      phone: '+420 777 123 456',
    });
    expect(answer.body.addresses).toEqual([expect.objectContaining({ street: 'Lipová 12' })]);
    expect(answer.body.contracts).toEqual([expect.objectContaining({ id: contract })]);
    expect(answer.body.invoices).toEqual([
      expect.objectContaining({ id: invoice, amount_due: '1234.50', lines: [] }),
    ]);
    for (const part of ['points', 'specifications', 'readings', 'payments', 'incoming_payments'])
      expect(answer.body[part], part).toEqual(expect.any(Array));
    expect(answer.body.history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ resource: 'customers', row_id: id, action: 'create' }),
        expect.objectContaining({ resource: 'addresses', action: 'create' }),
      ]),
    );
    const history = await server.request(`/customers/${id}/history/`, { token: admin });
    expect(history.body.results[0]).toMatchObject({
      action: 'export',
      user: { email: expect.stringContaining('@') },
      changes: { format: [null, 'json'] },
    });
  });

  it('renders a PDF in the chosen language', async () => {
    const { id } = await person('2');
    const response = await fetch(
      `${server.origin}/api/v1/customers/${id}/personal-data/?format=pdf&lang=cs`,
      { headers: { authorization: `Bearer ${privacy}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const history = await server.request(`/customers/${id}/history/`, { token: admin });
    expect(history.body.results[0]).toMatchObject({
      action: 'export',
      changes: { format: [null, 'pdf'] },
    });
  });

  it('refuses a company (400) and a bad format (400)', async () => {
    const company = await server.request('/customers/?filter=type=company&page_size=1', {
      token: admin,
    });
    const companyId = company.body.results[0].id;
    const refused = await server.request(`/customers/${companyId}/personal-data/`, {
      token: privacy,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/person/);
    const { id } = await person('3');
    const bad = await server.request(`/customers/${id}/personal-data/?format=xml`, {
      token: privacy,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ format: ['Choose json or pdf.'] });
    expect(
      (await server.request('/customers/999999/personal-data/', { token: privacy })).status,
    ).toBe(404);
  });
});

describe('the PRIVACY privilege', () => {
  it('is needed for both operations: CUSTOMERS alone is refused, PRIVACY alone suffices', async () => {
    const { id } = await person('4', 'terminated');
    const customersOnly = await server.loginWithPrivileges(['CUSTOMERS']);
    for (const [method, path] of [
      ['GET', `/customers/${id}/personal-data/`],
      ['POST', `/customers/${id}/anonymise/`],
    ] as const) {
      const refused = await server.request(path, { method, token: customersOnly });
      expect(refused.status, path).toBe(403);
    }
    expect(
      (await server.request(`/customers/${id}/personal-data/`, { token: privacy })).status,
    ).toBe(200);
  });

  it('is granted only by a holder (nobody grants what they do not hold)', async () => {
    const rolesOnly = await server.loginWithPrivileges(['ROLES']);
    const refused = await server.request('/roles/', {
      method: 'POST',
      token: rolesOnly,
      body: { name: 'privacy officers', privileges: ['PRIVACY'] },
    });
    expect(refused.status).toBe(403);
    const granted = await server.request('/roles/', {
      method: 'POST',
      token: admin,
      body: { name: 'privacy officers', privileges: ['PRIVACY'] },
    });
    expect(granted.status).toBe(201);
  });

  it('is labelled in both languages', async () => {
    const en = await server.request('/roles/', { method: 'OPTIONS', token: admin, lang: 'en' });
    const cs = await server.request('/roles/', { method: 'OPTIONS', token: admin, lang: 'cs' });
    const label = (answer: typeof en) =>
      answer.body.actions.POST.privileges.choices.find(
        (choice: { value: string }) => choice.value === 'PRIVACY',
      )?.display_name;
    expect(label(en)).toBe('Personal data');
    expect(label(cs)).toBe('Osobní údaje');
  });
});

describe('anonymisation', () => {
  it('is refused while a contract is active, and while an invoice is kept; done after', async () => {
    today = '2026-11-28';
    const { id, contract, invoice, address } = await person('5');
    const anonymise = () =>
      server.request(`/customers/${id}/anonymise/`, { method: 'POST', token: privacy });

    const active = await anonymise();
    expect(active.status).toBe(409);
    expect(active.body.detail).toMatch(/C-5/);

    await server.database.db
      .update(contracts)
      .set({ state: 'terminated' })
      .where(eq(contracts.id, contract));
    const kept = await anonymise();
    expect(kept.status).toBe(409);
    // Issued in 2025: kept until the end of 2035 (docs/operations.md "Personal data").
    expect(retentionEnds(2025, 10)).toBe('2036-01-01');
    expect(kept.body.detail).toMatch(/1\. 1\. 2036/);
    const unchanged = await server.request(`/customers/${id}/`, { token: admin });
    expect(unchanged.body.first_name).toBe('Božena');

    today = '2036-01-01';
    // The document frozen at issue names them too (docs/billing.md "Invoices").
    await server.database.db
      .update(invoices)
      .set({
        sentTo: 'bozena.5@example.cz',
        document: {
          number: 'T-5',
          customer_no: 'P-5',
          customer: {
            name: 'Božena Dvořáková5',
            address: ['Lipová 12', '602 00 Brno'],
            ico: '',
            dic: '',
            email: 'bozena.5@example.cz',
          },
          amount_due: '1234.50',
        },
      })
      .where(eq(invoices.id, invoice));
    const [invoiceBefore] = await server.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, invoice));
    const done = await anonymise();
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      id,
      customer_no: 'P-5',
      type: 'person',
      first_name: ANONYMISED,
      last_name: 'P-5',
      birth_date: null,
      report_email: '',
      phone: '',
      is_active: false,
    });
    const addressAfter = await server.request(`/addresses/${address}/`, { token: admin });
    expect(addressAfter.body).toMatchObject({ street: ANONYMISED, city: ANONYMISED });
    const contractAfter = await server.request(`/contracts/${contract}/`, { token: admin });
    expect(contractAfter.body).toMatchObject({ contract_no: 'C-5', account_no: '' });
    // Numbers and amounts are kept.
    const [invoiceAfter] = await server.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, invoice));
    expect({ ...invoiceAfter, document: null, sentTo: '' }).toEqual({
      ...invoiceBefore,
      document: null,
      sentTo: '',
    });
    expect(invoiceAfter!.sentTo).toBe('');
    expect(invoiceAfter!.document).toEqual({
      number: 'T-5',
      customer_no: 'P-5',
      customer: { name: ANONYMISED, address: [], ico: '', dic: '', email: '' },
      amount_due: '1234.50',
    });

    // Audited, without the former values; and the history no longer holds them either.
    const history = await server.request(`/customers/${id}/history/`, { token: admin });
    expect(history.body.results[0]).toMatchObject({
      action: 'anonymise',
      changes: { first_name: ['***', ANONYMISED], birth_date: ['***', null] },
    });
    const everything = await server.request(`/customers/${id}/personal-data/`, { token: privacy });
    const text = JSON.stringify(everything.body);
    for (const former of [
      'Božena',
      'Dvořáková5',
      'Lipová',
      'bozena.5',
      '777 123 456',
      '1970-05-06',
    ])
      expect(text, former).not.toContain(former);
    expect(everything.body.invoices[0]).toMatchObject({ id: invoice, amount_due: '1234.50' });
  });

  it('is refused for a company', async () => {
    const company = await server.request('/customers/?filter=type=company&page_size=1', {
      token: admin,
    });
    const refused = await server.request(`/customers/${company.body.results[0].id}/anonymise/`, {
      method: 'POST',
      token: privacy,
    });
    expect(refused.status).toBe(400);
  });
});

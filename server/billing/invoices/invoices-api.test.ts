/**
 * An invoice as a tax document through the API (docs/billing.md "Invoices", "Payment
 * data"): the PDF's text (read by pdf.js) names the supplier, the customer's billing
 * address, the variable symbol and Czech units; issuing freezes what it says, so renaming
 * the customer, moving the point and changing the supplier's bank account afterwards leave
 * the PDF as it was.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBillable, type Billable } from '../runs/fixtures';
import { processBatch } from '../runs/process';
import {
  addresses,
  billingRunItems,
  billingRuns,
  contracts,
  invoices,
  points,
} from '../../db/schema';
import { DEMO_USERS } from '../../seed';
import { pdfText } from '../../test-support/pdf-text';
import { startTestServer, type TestServer } from '../../test-support/server';

let server: TestServer;
let admin: string;
let seeded: Billable;
let invoice: number;

const api = (path: string, method = 'GET', body?: unknown) =>
  server.request(path, { method, token: admin, body });

const SETTINGS = {
  supplier_name: 'Joule Energie s.r.o.',
  ico: '27082440',
  dic: 'CZ27082440',
  address: 'Vinohradská 1\n120 00 Praha 2',
  bank_account: '19-2000145399/0800',
  vat_rates: [{ rate: '21', valid_from: '2013-01-01' }],
};

/** The PDF of `id` in `lang`, as text. */
async function pdf(id: number, lang: 'cs' | 'en' = 'cs'): Promise<string> {
  const response = await fetch(`${server.origin}/api/v1/invoices/${id}/pdf/?lang=${lang}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(response.status).toBe(200);
  return pdfText(new Uint8Array(await response.arrayBuffer()));
}

/** Bills `contracts` for July 2026 as a billing run's batch does; answers the invoices' ids. */
async function billJuly(...contracts: number[]): Promise<number[]> {
  const { db } = server.database;
  const [run] = await db
    .insert(billingRuns)
    .values({ month: '2026-07-01', total: contracts.length })
    .returning({ id: billingRuns.id });
  const items = await db
    .insert(billingRunItems)
    .values(
      contracts.map((contract) => ({
        run: run!.id,
        contract,
        periodFrom: '2026-07-01',
        periodTo: '2026-08-01',
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
    .where(inArray(invoices.contract, contracts))
    .orderBy(asc(invoices.id));
  return made.map((row) => row.id);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  expect((await api('/settings/global/', 'PUT', SETTINGS)).status).toBe(200);
  const { db } = server.database;
  seeded = await seedBillable(db, { count: 1, prefix: 'DOC' });
  await db
    .update(contracts)
    .set({ contractNo: 'S-2026-00077', accountNo: '0000107030/0800' })
    .where(eq(contracts.id, seeded.contracts[0]!));
  await db.insert(addresses).values([
    {
      customer: seeded.customer,
      type: 'correspondence',
      street: 'Nope 9',
      zipCode: '11000',
      city: 'Praha',
    },
    {
      customer: seeded.customer,
      type: 'billing',
      street: 'Dlouhá 5',
      zipCode: '60200',
      city: 'Brno',
    },
  ]);
  [invoice] = (await billJuly(seeded.contracts[0]!)) as [number];
}, 120_000);
afterAll(() => server.close());

describe('the invoice PDF', () => {
  it("of a draft names the supplier, the customer's billing address, the symbol, Czech units", async () => {
    const text = await pdf(invoice);
    expect(text).toContain('KONCEPT');
    for (const expected of [
      'Joule Energie s.r.o.',
      'Vinohradská 1',
      'IČO: 27082440',
      'DIČ: CZ27082440',
      'Eva Nováková',
      'Dlouhá 5',
      '602 00 Brno',
      'Variabilní symbol',
      '202600077',
      'CZ65 0800 0000 1920 0014 5399',
      '1. 7. – 31. 7. 2026',
      '1,000 MWh',
      'Kč/MWh',
      'měs.',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Nope 9');
    expect(text).not.toMatch(/month|0000107030/);
    // A draft is not to be paid: no QR code.
    expect(text).not.toContain('QR Platba');
  });

  it('is frozen at issue: renaming the customer, moving the point, a new bank account change nothing', async () => {
    const issued = await api(`/invoices/${invoice}/issue/`, 'POST');
    expect(issued.body.state).toBe('issued');
    const [cs, en] = [await pdf(invoice, 'cs'), await pdf(invoice, 'en')];
    expect(cs).toContain(`Faktura – daňový doklad ${issued.body.number}`);
    expect(cs).toContain('QR Platba');
    expect(en).toContain('QR payment');

    const { db } = server.database;
    await api(`/customers/${seeded.customer}/`, 'PATCH', { last_name: 'Veselá' });
    await db
      .update(addresses)
      .set({ street: 'Nová 10' })
      .where(eq(addresses.customer, seeded.customer));
    await db
      .update(points)
      .set({ street: 'Jinde 3', city: 'Ostrava' })
      .where(eq(points.contract, seeded.contracts[0]!));
    const moved = await api('/settings/global/', 'PUT', {
      ...SETTINGS,
      bank_account: '2000145399/0800',
      supplier_name: 'Someone Else a.s.',
    });
    expect(moved.status).toBe(200);
    // A draft would now read the new data; the issued document does not.
    expect(await pdf(invoice, 'cs')).toBe(cs);
    expect(await pdf(invoice, 'en')).toBe(en);
    expect(cs).not.toMatch(/Veselá|Nová 10|Jinde 3|Someone Else/);

    // Cancelled: the same document, marked, and nothing to pay.
    expect((await api(`/invoices/${invoice}/cancel/`, 'POST')).body.state).toBe('cancelled');
    const cancelled = await pdf(invoice, 'cs');
    expect(cancelled).toContain('STORNOVÁNO');
    expect(cancelled).toContain('Eva Nováková');
    expect(cancelled).not.toContain('QR Platba');
  });
});

describe('sending and bulk actions', () => {
  it("e-mails the PDF in the customer's language once, again only when asked; records it", async () => {
    const { db } = server.database;
    const more = await seedBillable(db, { count: 3, prefix: 'SEND' });
    const ids = await billJuly(...more.contracts);
    expect(ids).toHaveLength(3);
    const [first, second, third] = ids as [number, number, number];
    // Not issued yet: nothing to send.
    expect((await api(`/invoices/${first}/send/`, 'POST', {})).status).toBe(400);

    // The language of documents is frozen with the document at issue.
    await api(`/customers/${more.customer}/`, 'PATCH', { language: 'en' });
    // Issue all three and one that is issued already: the summary names the refused one.
    const bulk = await api('/invoices/bulk/issue/', 'POST', {
      ids: [first, second, third, invoice],
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({ action: 'issue', count: 4, succeeded: ids });
    expect(bulk.body.failed).toEqual([
      expect.objectContaining({ id: invoice, reason: 'Only a draft invoice can be issued.' }),
    ]);

    // No e-mail yet: refused, nothing sent.
    const refused = await api(`/invoices/${first}/send/`, 'POST', {});
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('The customer has no e-mail for documents.');
    await api(`/customers/${more.customer}/`, 'PATCH', { document_email: 'invoices@example.cz' });
    const before = server.mailer.sent.length;
    const sent = await api(`/invoices/${first}/send/`, 'POST', {});
    expect(sent.body).toMatchObject({ id: first, sent: true, sent_to: 'invoices@example.cz' });
    const mail = server.mailer.sent[before]!;
    const number = (await api(`/invoices/${first}/`)).body.number as string;
    expect(mail).toMatchObject({
      to: 'invoices@example.cz',
      // The supplier as the settings say at issue (the test above renamed it).
      subject: `Invoice ${number} – Someone Else a.s.`,
    });
    expect(mail.text).toContain('variable symbol');
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        filename: `invoice-${number}.pdf`,
        contentType: 'application/pdf',
      }),
    ]);
    const text = await pdfText(new Uint8Array(mail.attachments![0]!.content));
    expect(text).toContain(`Invoice – tax document ${number}`);

    // Again: nothing sent; with resend: sent again.
    const again = await api(`/invoices/${first}/send/`, 'POST', {});
    expect(again.body).toMatchObject({ sent: false, sent_at: sent.body.sent_at });
    expect(server.mailer.sent).toHaveLength(before + 1);
    expect((await api(`/invoices/${first}/send/`, 'POST', { resend: true })).body.sent).toBe(true);
    expect(server.mailer.sent).toHaveLength(before + 2);
    expect((await api(`/invoices/${first}/`)).body).toMatchObject({
      sent_to: 'invoices@example.cz',
    });
    const history = await api(`/invoices/${first}/history/`);
    expect(history.body.results[0].changes).toHaveProperty('sent_at');

    // Bulk send: the two unsent go, the sent one is left as it is; bulk cancel.
    const bulkSent = await api('/invoices/bulk/send/', 'POST', { ids });
    expect(bulkSent.body).toMatchObject({ succeeded: ids, failed: [] });
    expect(server.mailer.sent).toHaveLength(before + 4);
    const cancelled = await api('/invoices/bulk/cancel/', 'POST', { ids: [third] });
    expect(cancelled.body).toMatchObject({ succeeded: [third], failed: [] });
    expect((await api(`/invoices/${third}/`)).body.state).toBe('cancelled');
    const late = await api('/invoices/bulk/send/', 'POST', { ids: [third] });
    expect(late.body.failed).toEqual([
      expect.objectContaining({ id: third, reason: 'Only an issued invoice can be sent.' }),
    ]);
  });

  it('publishes issue, send and cancel as x-bulk-actions of the invoices list', async () => {
    const schema = await api('/schema/');
    const list = schema.body.paths['/api/v1/invoices/'].get;
    expect(list['x-bulk-actions']).toEqual([
      { name: 'issue', label: 'Issue' },
      { name: 'send', label: 'Send' },
      { name: 'cancel', label: 'Cancel' },
    ]);
  });
});

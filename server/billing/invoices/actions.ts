/**
 * What can be done to an invoice (docs/billing.md "Invoices", "Sending"), each in the
 * caller's transaction and audited there, so that `POST /invoices/{id}/issue/` and the bulk
 * action `POST /invoices/bulk/issue/` run the very same code (and likewise cancel, send):
 *
 * - **issue**: draft → issued, the next number of the issue year's series, issue date today,
 *   due in 14 days, the variable symbol settled, and the document frozen;
 * - **cancel**: issued → cancelled;
 * - **send**: an issued invoice's PDF e-mailed to the customer's e-mail for documents in the
 *   document's language; `sent_at` and `sent_to` recorded. Once sent, sending again does
 *   nothing unless `resend`.
 *
 * A refusal throws the `ApiError` the single action answers (400 with the reason).
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Decimal from 'decimal.js';
import type { Mailer } from '../../auth/mailer';
import type { Principal } from '../../auth/principal';
import type { Database } from '../../db/client';
import { customers, invoices } from '../../db/schema';
import { detailError, notFound } from '../../http/errors';
import { text, type Lang } from '../../i18n/text';
import { recordAudit } from '../../resources/engine';
import { addDays } from '../dates';
import { pragueToday } from '../runs/process';
import { DUE_DAYS } from './dates';
import { buildInvoiceDocument, type InvoiceDocument } from './document';
import { symbolAtIssue } from './payment-data';
import { formatDate, formatFixed, formatPeriod, renderInvoicePdf, type InvoiceState } from './pdf';

/** Refusals of the actions. */
export const INVOICE_REFUSALS = {
  onlyDraft: text('Only a draft invoice can be issued.', 'Vystavit lze jen koncept faktury.'),
  onlyIssued: text(
    'Only an issued invoice can be cancelled.',
    'Stornovat lze jen vystavenou fakturu.',
  ),
  sendIssued: text('Only an issued invoice can be sent.', 'Odeslat lze jen vystavenou fakturu.'),
  noEmail: text('The customer has no e-mail for documents.', 'Zákazník nemá e-mail pro doklady.'),
};

type InvoiceRow = typeof invoices.$inferSelect;

/** `number` of the series of `year`: `2026000042`. */
export function invoiceNumber(year: number, sequence: number): string {
  return `${year}${String(sequence).padStart(6, '0')}`;
}

/** The invoice `id` locked for update in `tx`; 404 when there is none. */
async function locked(tx: Database, id: number): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** Wire name → column key of the invoice fields the actions change (for their audit rows). */
const AUDITED = {
  state: 'state',
  number: 'number',
  issue_date: 'issueDate',
  due_date: 'dueDate',
  variable_symbol: 'variableSymbol',
  sent_at: 'sentAt',
  sent_to: 'sentTo',
} as const satisfies Record<string, keyof InvoiceRow>;

/** Updates invoice `before` with `values` and writes its audit row. */
async function change(
  tx: Database,
  before: InvoiceRow,
  values: Partial<InvoiceRow>,
  actor: Principal | null,
): Promise<InvoiceRow> {
  const [after] = await tx
    .update(invoices)
    .set(values)
    .where(eq(invoices.id, before.id))
    .returning();
  const wire = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [name, key] of Object.entries(AUDITED)) {
    const [old, now] = [wire(before[key]), wire(after![key])];
    if (old !== now) changes[name] = [old, now];
  }
  await recordAudit(tx, {
    resource: 'invoices',
    rowId: before.id,
    action: 'update',
    actor,
    changes: changes as Parameters<typeof recordAudit>[1]['changes'],
  });
  return after!;
}

/** Issues draft `id` in `tx` (see the module comment); answers the issued row. */
export async function issueInvoice(
  tx: Database,
  id: number,
  actor: Principal | null,
): Promise<InvoiceRow> {
  const before = await locked(tx, id);
  if (before.state !== 'draft') throw detailError(400, INVOICE_REFUSALS.onlyDraft);
  const today = pragueToday();
  const year = Number(today.slice(0, 4));
  const result = await tx.execute(sql`
    insert into invoice_series (year, last) values (${year}, 1)
    on conflict (year) do update set last = invoice_series.last + 1
    returning last`);
  const last = Number((result as unknown as { rows: { last: unknown }[] }).rows[0]!.last);
  const number = invoiceNumber(year, last);
  const issued = await change(
    tx,
    before,
    {
      state: 'issued',
      number,
      issueDate: today,
      dueDate: addDays(today, DUE_DAYS),
      variableSymbol: symbolAtIssue(before.variableSymbol, number),
    },
    actor,
  );
  // What the document says now is what it says for good (docs/billing.md "Invoices").
  const document = await buildInvoiceDocument(tx, id);
  const [frozen] = await tx
    .update(invoices)
    .set({ document })
    .where(eq(invoices.id, id))
    .returning();
  return frozen ?? issued;
}

/** Cancels issued invoice `id` in `tx`; answers the cancelled row. */
export async function cancelInvoice(
  tx: Database,
  id: number,
  actor: Principal | null,
): Promise<InvoiceRow> {
  const before = await locked(tx, id);
  if (before.state !== 'issued') throw detailError(400, INVOICE_REFUSALS.onlyIssued);
  return change(tx, before, { state: 'cancelled' }, actor);
}

/**
 * The document of invoice `id` and its state: an issued or cancelled invoice's as frozen at
 * issue; a draft's as the database says it now. An invoice issued before documents were
 * frozen gets its document frozen on first use (docs/billing.md "Invoices"). Undefined when
 * there is no such invoice.
 */
export async function invoiceDocumentOf(
  db: Database,
  id: number,
): Promise<{ document: InvoiceDocument; state: InvoiceState; number: string | null } | undefined> {
  const [row] = await db
    .select({ state: invoices.state, number: invoices.number, document: invoices.document })
    .from(invoices)
    .where(eq(invoices.id, id));
  if (!row) return undefined;
  const state = row.state as InvoiceState;
  if (row.document !== null)
    return { document: row.document as InvoiceDocument, state, number: row.number };
  const document = await buildInvoiceDocument(db, id);
  if (!document) return undefined;
  if (state !== 'draft')
    await db
      .update(invoices)
      .set({ document })
      .where(sql`${invoices.id} = ${id} and ${invoices.document} is null`);
  return { document, state, number: row.number };
}

/** The mail of `document` in its language, with its PDF. */
export async function invoiceMail(document: InvoiceDocument, to: string) {
  const lang: Lang = document.language;
  const number = document.number ?? '';
  const amount = formatFixed(document.amount_due.replace(/^-/, ''), 2, lang);
  const refund = new Decimal(document.amount_due).lt(0);
  const period = formatPeriod(document.period_from, document.period_last, lang);
  const due = formatDate(document.due_date, lang);
  const supplier = document.supplier.name;
  const symbol = document.payment.variable_symbol;
  const body =
    lang === 'cs'
      ? [
          'Dobrý den,',
          '',
          `v příloze Vám zasíláme fakturu ${number} za období ${period} (smlouva ${document.contract_no}).`,
          refund
            ? `Přeplatek ${amount} Kč Vám vrátíme.`
            : `Částka k úhradě: ${amount} Kč, splatnost ${due}, variabilní symbol ${symbol}.`,
          '',
          'S pozdravem',
          supplier,
        ]
      : [
          'Hello,',
          '',
          `please find attached invoice ${number} for ${period} (contract ${document.contract_no}).`,
          refund
            ? `We will refund you ${amount} CZK.`
            : `Amount due: ${amount} CZK, due on ${due}, variable symbol ${symbol}.`,
          '',
          'Kind regards',
          supplier,
        ];
  return {
    to,
    subject: `${lang === 'cs' ? 'Faktura' : 'Invoice'} ${number}${supplier ? ` – ${supplier}` : ''}`,
    text: body.join('\n'),
    attachments: [
      {
        filename: `${lang === 'cs' ? 'faktura' : 'invoice'}-${number}.pdf`,
        content: await renderInvoicePdf(document, 'issued', lang),
        contentType: 'application/pdf',
      },
    ],
  };
}

/** What sending answers. */
export interface SendResult {
  readonly id: number;
  /** False when it had been sent before and `resend` was not asked. */
  readonly sent: boolean;
  readonly sent_at: string | null;
  readonly sent_to: string;
}

/**
 * Sends issued invoice `id` (see the module comment) through `mailer`, in `tx` (the row
 * stays locked while the mail goes, so two sends never both go out).
 */
export async function sendInvoice(
  tx: Database,
  id: number,
  actor: Principal | null,
  options: { readonly mailer: Mailer; readonly resend?: boolean },
): Promise<SendResult> {
  const before = await locked(tx, id);
  if (before.state !== 'issued') throw detailError(400, INVOICE_REFUSALS.sendIssued);
  if (before.sentAt && !options.resend)
    return { id, sent: false, sent_at: before.sentAt.toISOString(), sent_to: before.sentTo };
  const [customer] = await tx
    .select({ document: customers.documentEmail, report: customers.reportEmail })
    .from(customers)
    .where(eq(customers.id, before.customer));
  const to = customer?.document || customer?.report || '';
  if (!to) throw detailError(400, INVOICE_REFUSALS.noEmail);
  const found = await invoiceDocumentOf(tx, id);
  await options.mailer.send(await invoiceMail(found!.document, to));
  const after = await change(tx, before, { sentAt: new Date(), sentTo: to }, actor);
  return { id, sent: true, sent_at: after.sentAt!.toISOString(), sent_to: to };
}

const mailers = new WeakMap<FastifyInstance, Mailer>();

/** Makes `mailer` the one invoices of `app` are sent with (bulk actions find it there). */
export function setInvoiceMailer(app: FastifyInstance, mailer: Mailer): void {
  mailers.set(app, mailer);
}

/** The mailer invoices of `app` are sent with; throws when the app has none. */
export function invoiceMailer(app: FastifyInstance): Mailer {
  const mailer = mailers.get(app);
  if (!mailer) throw new Error('no invoice mailer on this app');
  return mailer;
}

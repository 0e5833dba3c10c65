/**
 * Anonymising a customer who is a person (docs/security.md "Personal data"): once no contract
 * of theirs is active (nor a draft about to be) and the tax-document retention has passed for
 * every invoice of theirs, their names, contact data and addresses are replaced, in the
 * customer row, their addresses, their contracts' bank account, the producer's name of
 * their points' specifications, the counterparty of bank payments assigned to them, their
 * name, address and e-mail in their invoices' frozen documents, and in the past audit rows
 * of all these; numbers (customer, contract, invoice, EAN) and amounts
 * are kept, so the books still add up. One transaction, with an audit row of its own that
 * records which fields were replaced, never their former values.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  addresses,
  auditLog,
  contracts,
  customers,
  incomingPayments,
  invoices,
  points,
  specifications,
} from '../db/schema';
import type { ApiError } from '../http/errors';
import { detailError, notFound } from '../http/errors';
import { text } from '../i18n/text';
import { SECRET_MARKER, recordAudit, type AuditActor } from '../resources/engine';

/** What replaces a name or a street. */
export const ANONYMISED = 'Anonymised';
/** What replaces a ZIP code. */
export const ANONYMISED_ZIP = '00000';

/** Contract states that keep a customer (a contract in force, or a draft about to be). */
export const LIVE_CONTRACT_STATES = ['active', 'draft'] as const;

const NOT_A_PERSON = text(
  'Only a customer who is a person has personal data to export or anonymise.',
  'Osobní údaje k exportu či anonymizaci má jen zákazník, který je fyzickou osobou.',
);
const CONTRACT_LIVE = (numbers: string) =>
  text(
    `The customer still has a contract in force or in draft (${numbers}); end it first.`,
    `Zákazník má stále platnou smlouvu nebo koncept smlouvy (${numbers}); nejprve ji ukončete.`,
  );
const RETENTION = (until: string) =>
  text(
    `Their invoices must be kept as tax documents until ${until}; anonymise after that day.`,
    `Jejich faktury se musí jako daňové doklady uchovat do ${until}; anonymizujte až po tomto dni.`,
  );

/** The customer's fields replaced, with what replaces them. */
function customerValues(customerNo: string) {
  return {
    salutation: '',
    titleBefore: '',
    firstName: ANONYMISED,
    lastName: customerNo,
    titleAfter: '',
    birthDate: null,
    reportEmail: '',
    documentEmail: '',
    phone: '',
    companyName: '',
    crn: '',
    tin: '',
    isActive: false,
  };
}

/** The customer's replaced columns (row keys) with their wire names. */
const CUSTOMER_COLUMNS: readonly [keyof typeof customers.$inferSelect, string][] = [
  ['salutation', 'salutation'],
  ['titleBefore', 'title_before'],
  ['firstName', 'first_name'],
  ['lastName', 'last_name'],
  ['titleAfter', 'title_after'],
  ['birthDate', 'birth_date'],
  ['reportEmail', 'report_email'],
  ['documentEmail', 'document_email'],
  ['phone', 'phone'],
  ['companyName', 'company_name'],
  ['crn', 'crn'],
  ['tin', 'tin'],
];

/** Wire names of the fields replaced, per resource (the audit rows are scrubbed of them). */
export const PERSONAL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  customers: [
    'salutation',
    'title_before',
    'first_name',
    'last_name',
    'title_after',
    'birth_date',
    'report_email',
    'document_email',
    'phone',
    'company_name',
    'crn',
    'tin',
  ],
  addresses: ['street', 'city', 'zip_code', 'flat_no', 'floor'],
  contracts: ['account_no'],
  invoices: ['sent_to'],
  specifications: ['producer_name'],
  'incoming-payments': ['counterparty_name', 'counterparty_account', 'message'],
};

/**
 * The first day an invoice issued (or supplied) in `year` may be discarded: 1 January of
 * the year after `year + retentionYears` (docs/operations.md "Personal data").
 */
export function retentionEnds(year: number, retentionYears: number): string {
  return `${year + retentionYears + 1}-01-01`;
}

/** Why customer `row` cannot be anonymised today, as an {@link ApiError}, or undefined. */
async function refusal(
  tx: Database,
  customer: typeof customers.$inferSelect,
  today: string,
  retentionYears: number,
): Promise<ApiError | undefined> {
  if (customer.type !== 'person') return detailError(400, NOT_A_PERSON);
  const live = await tx
    .select({ number: contracts.contractNo })
    .from(contracts)
    .where(
      and(eq(contracts.customer, customer.id), inArray(contracts.state, [...LIVE_CONTRACT_STATES])),
    );
  if (live.length > 0) {
    return detailError(409, CONTRACT_LIVE(live.map((row) => row.number).join(', ')));
  }
  const [latest] = await tx
    .select({
      year: sql<number>`max(greatest(
        extract(year from ${invoices.issueDate}),
        extract(year from ${invoices.taxableSupplyDate})))::int`,
    })
    .from(invoices)
    .where(eq(invoices.customer, customer.id));
  if (latest?.year !== null && latest?.year !== undefined) {
    const ends = retentionEnds(Number(latest.year), retentionYears);
    if (today < ends) {
      const [y, m, d] = ends.split('-');
      return detailError(409, RETENTION(`${Number(d)}. ${Number(m)}. ${y}`));
    }
  }
  return undefined;
}

/** Refuses `customer` for an export unless it is a person (400). */
export function assertPerson(customer: { type: string }): void {
  if (customer.type !== 'person') throw detailError(400, NOT_A_PERSON);
}

/** Replaces the personal fields of `changes` (an audit row's) with the marker. */
function scrub(changes: unknown, fields: readonly string[]): Record<string, unknown> {
  const out = { ...(changes as Record<string, unknown>) };
  for (const field of fields) {
    if (field in out) {
      const [before, after] = out[field] as [unknown, unknown];
      out[field] = [before === null ? null : SECRET_MARKER, after === null ? null : SECRET_MARKER];
    }
  }
  return out;
}

/**
 * Anonymises customer `id` as `actor` (see the module comment). Throws 404 for no such
 * customer, 400 for a company, 409 while a contract is live or the retention runs.
 * @param today `YYYY-MM-DD` in Europe/Prague
 */
export async function anonymiseCustomer(
  db: Database,
  id: number,
  actor: AuditActor,
  options: { readonly today: string; readonly retentionYears: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [customer] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!customer) throw notFound();
    const refused = await refusal(tx, customer, options.today, options.retentionYears);
    if (refused) throw refused;

    await tx.update(customers).set(customerValues(customer.customerNo)).where(eq(customers.id, id));
    const addressIds = (
      await tx
        .update(addresses)
        .set({
          street: ANONYMISED,
          city: ANONYMISED,
          zipCode: ANONYMISED_ZIP,
          flatNo: '',
          floor: '',
        })
        .where(eq(addresses.customer, id))
        .returning({ id: addresses.id })
    ).map((row) => row.id);
    const contractIds = (
      await tx
        .update(contracts)
        .set({ accountNo: '' })
        .where(eq(contracts.customer, id))
        .returning({ id: contracts.id })
    ).map((row) => row.id);
    const pointIds =
      contractIds.length > 0
        ? (
            await tx
              .select({ id: points.id })
              .from(points)
              .where(inArray(points.contract, contractIds))
          ).map((row) => row.id)
        : [];
    const specificationIds =
      pointIds.length > 0
        ? (
            await tx
              .update(specifications)
              .set({ producerName: '' })
              .where(inArray(specifications.point, pointIds))
              .returning({ id: specifications.id })
          ).map((row) => row.id)
        : [];
    // The documents frozen at issue (docs/billing.md "Invoices") name the customer too:
    // their name, address and e-mail go; numbers, lines and amounts stay.
    const invoiceIds = (
      await tx
        .update(invoices)
        .set({
          sentTo: '',
          document: sql`case when ${invoices.document} is null then null else
            jsonb_set(jsonb_set(jsonb_set(${invoices.document},
              '{customer,name}', to_jsonb(${ANONYMISED}::text)),
              '{customer,address}', '[]'::jsonb),
              '{customer,email}', '""'::jsonb) end`,
        })
        .where(eq(invoices.customer, id))
        .returning({ id: invoices.id })
    ).map((row) => row.id);
    const assigned = [
      ...(contractIds.length > 0 ? [inArray(incomingPayments.contract, contractIds)] : []),
      ...(invoiceIds.length > 0 ? [inArray(incomingPayments.invoice, invoiceIds)] : []),
    ];
    const incomingIds =
      assigned.length > 0
        ? (
            await tx
              .update(incomingPayments)
              .set({ counterpartyName: ANONYMISED, counterpartyAccount: '', message: '' })
              .where(or(...assigned))
              .returning({ id: incomingPayments.id })
          ).map((row) => row.id)
        : [];

    // The history must not keep what the rows no longer do.
    const scrubbed: [string, readonly number[]][] = [
      ['customers', [id]],
      ['addresses', addressIds],
      ['contracts', contractIds],
      ['specifications', specificationIds],
      ['invoices', invoiceIds],
      ['incoming-payments', incomingIds],
    ];
    for (const [resource, ids] of scrubbed) {
      if (ids.length === 0) continue;
      const rows = await tx
        .select({ id: auditLog.id, changes: auditLog.changes })
        .from(auditLog)
        .where(and(eq(auditLog.resource, resource), inArray(auditLog.rowId, [...ids])));
      for (const row of rows) {
        await tx
          .update(auditLog)
          .set({ changes: scrub(row.changes, PERSONAL_FIELDS[resource]!) })
          .where(eq(auditLog.id, row.id));
      }
    }
    // Which fields were replaced and by what; their former values are not recorded.
    const replaced = customerValues(customer.customerNo);
    const changes: Record<string, [string | boolean | null, string | boolean | null]> = {};
    if (customer.isActive) changes.is_active = [true, false];
    for (const [key, wireName] of CUSTOMER_COLUMNS) {
      const before = customer[key];
      const after = replaced[key as keyof typeof replaced];
      if (before === after || (before === '' && after === '')) continue;
      changes[wireName] = [before === null || before === '' ? null : SECRET_MARKER, after];
    }
    await recordAudit(tx, {
      resource: 'customers',
      rowId: id,
      action: 'anonymise',
      actor,
      changes,
    });
  });
}

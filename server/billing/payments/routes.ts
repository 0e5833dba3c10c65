/**
 * Bank statements in and unmatched payments out (docs/billing.md "Bank statements"), beside
 * the generic `incoming-payments` resource, both gated by `PAYMENTS`:
 *
 * - `POST /incoming-payments/import/` `{"statement": "<camt.053 XML>"}` (at most
 *   {@link MAX_STATEMENT_CHARS} characters and `MAX_STATEMENT_ENTRIES` entries): each entry is
 *   refused (with its reason), unchanged (its reference was imported before), matched to an
 *   open invoice by variable symbol (compared as digits without leading zeros on both sides) (a payment of type `invoice` on it) or unmatched
 *   (`matching.ts`). Answers the counts and every entry's outcome; a file that is no
 *   camt.053 statement is a 400 on `statement`. One transaction; the invoices it may pay
 *   are locked first, so two imports paying one invoice queue.
 * - `POST /incoming-payments/{id}/assign/` `{"invoice": id}` or `{"contract": id, "type":
 *   "advance"|"invoice"|"penalty"}`: makes an unmatched credit a payment of that issued
 *   invoice (type `invoice`) or of that contract (default `advance`). 400 per field; 400
 *   `detail` when it is not unmatched.
 *
 * Every payment made and every incoming payment created or assigned has its audit row, with
 * the user, in the same transaction.
 */
import Decimal from 'decimal.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../auth/authenticate';
import type { Principal } from '../../auth/principal';
import type { Database } from '../../db/client';
import { contracts, incomingPayments, invoices, payments } from '../../db/schema';
import {
  ValidationError,
  addError,
  detailError,
  notFound,
  type FieldErrors,
} from '../../http/errors';
import { requestLang } from '../../http/request-lang';
import { registerPath } from '../../http/routes';
import { messages } from '../../i18n/messages';
import { localize, text, type LocalizableJson, type Text } from '../../i18n/text';
import { JWT_SECURITY, jsonBody, jsonResponse, type JsonObject } from '../../openapi/types';
import { auditChanges, recordAudit, type ResourceRegistry } from '../../resources/engine';
import { CamtError, MAX_STATEMENT_ENTRIES, normalizeSymbol, parseCamt053 } from './camt';
import { paymentMax } from './limits';
import { matchEntries, type EntryOutcome, type OpenInvoice, type RefusalReason } from './matching';

const PRIVILEGE = 'PAYMENTS';
const RESOURCE = 'incoming-payments';
const INT32_MAX = 2_147_483_647;

/** Longest statement accepted, in characters (a month of a busy account fits many times). */
export const MAX_STATEMENT_CHARS = 5 * 1024 * 1024;

/** The types an assigned credit may become (money in: never a refund). */
export const ASSIGN_TYPES = ['advance', 'invoice', 'penalty'] as const;

const FILE_ERRORS: Record<CamtError['code'], Text> = {
  not_xml: text('The file is not XML.', 'Soubor není XML.'),
  doctype: text(
    'A statement must not contain a document type declaration.',
    'Výpis nesmí obsahovat deklaraci typu dokumentu.',
  ),
  not_camt053: text(
    'The file is not a camt.053 bank statement.',
    'Soubor není bankovní výpis camt.053.',
  ),
  no_account: text('A statement does not name its account.', 'Výpis neuvádí svůj účet.'),
  too_many: text(
    `A statement may have at most ${MAX_STATEMENT_ENTRIES} entries.`,
    `Výpis smí mít nejvýše ${MAX_STATEMENT_ENTRIES} položek.`,
  ),
};
const TOO_LONG = text(
  `A statement may have at most ${MAX_STATEMENT_CHARS} characters.`,
  `Výpis smí mít nejvýše ${MAX_STATEMENT_CHARS} znaků.`,
);

const REFUSALS: Record<RefusalReason, Text> = {
  debit: text('Money out: only credits are imported.', 'Odchozí platba: importují se jen příjmy.'),
  reversal: text('A reversal of an earlier entry.', 'Storno dřívější položky.'),
  not_booked: text('Not booked yet.', 'Dosud nezaúčtováno.'),
  currency: text('Not in CZK.', 'Není v Kč.'),
  no_reference: text('The entry has no bank reference.', 'Položka nemá referenci banky.'),
  no_date: text('The entry has no booking date.', 'Položka nemá datum zaúčtování.'),
  amount: text('The amount is not readable.', 'Částku nelze přečíst.'),
  above_ceiling: text(
    'The amount is above the largest payment accepted.',
    'Částka převyšuje největší přijímanou platbu.',
  ),
};
const UNMATCHED: Record<'no_symbol' | 'no_invoice', Text> = {
  no_symbol: text('No variable symbol.', 'Bez variabilního symbolu.'),
  no_invoice: text(
    'No unpaid issued invoice has this variable symbol.',
    'Žádná neuhrazená vystavená faktura nemá tento variabilní symbol.',
  ),
};
const UNCHANGED = text('Imported before.', 'Už importováno dříve.');
const NOT_UNMATCHED = text(
  'Only an unmatched payment can be assigned.',
  'Přiřadit lze jen nespárovanou platbu.',
);
const CHOOSE = text('Choose an invoice or a contract.', 'Zvolte fakturu, nebo smlouvu.');
const NOT_ISSUED = text(
  'Only an issued invoice can be paid.',
  'Uhradit lze jen vystavenou fakturu.',
);

/** One entry of the import's answer. */
interface EntryAnswer {
  readonly index: number;
  readonly reference: string | null;
  readonly booking_date: string | null;
  readonly amount: string;
  readonly variable_symbol: string;
  readonly counterparty_name: string;
  readonly outcome: EntryOutcome['kind'];
  readonly reason: Text | null;
  readonly invoice: number | null;
  readonly invoice_number: string | null;
  readonly payment_state: string | null;
  readonly incoming_payment: number | null;
}

/** What the payment routes need from the app. */
export interface PaymentRouteContext {
  readonly db: Database;
  readonly registry: ResourceRegistry;
  readonly auth: Authenticator;
  readonly prefix: string;
}

function parseId(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > INT32_MAX) throw notFound();
  return Number(raw);
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ValidationError({
      non_field_errors: [messages.notADictionary(Array.isArray(body) ? 'list' : typeof body)],
    });
  return body as Record<string, unknown>;
}

/** An id field of a body: a positive integer, or an error on `errors`. */
function idIn(
  body: Record<string, unknown>,
  name: string,
  errors: FieldErrors,
): number | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= INT32_MAX)
    return value;
  addError(errors, name, messages.pkIncorrectType(typeof value));
  return undefined;
}

/** Registers the import and assign endpoints (see the module comment). */
export function registerPaymentRoutes(app: FastifyInstance, context: PaymentRouteContext): void {
  const { db, registry, auth, prefix } = context;
  if (!registry.all().some((resource) => resource.name === RESOURCE)) return;
  const incomingResource = registry.get(RESOURCE);
  const paymentsResource = registry.get('payments');

  /** Inserts a payment with its audit row. */
  async function addPayment(tx: Database, actor: Principal, values: typeof payments.$inferInsert) {
    const [payment] = await tx.insert(payments).values(values).returning();
    await recordAudit(tx, {
      resource: 'payments',
      rowId: payment!.id,
      action: 'create',
      actor,
      changes: auditChanges(paymentsResource, undefined, payment),
    });
    return payment!;
  }

  registerPath(
    app,
    `${prefix}/incoming-payments/import/`,
    {
      async POST(request) {
        const principal = await auth.authorize(request, PRIVILEGE);
        const body = bodyOf(request);
        const xml = body.statement;
        if (typeof xml !== 'string' || xml.trim() === '')
          throw new ValidationError({ statement: [messages.required] });
        if (xml.length > MAX_STATEMENT_CHARS) throw new ValidationError({ statement: [TOO_LONG] });
        let statements;
        try {
          statements = parseCamt053(xml);
        } catch (error) {
          if (error instanceof CamtError)
            throw new ValidationError({ statement: [FILE_ERRORS[error.code]] });
          throw error;
        }
        const answer = await db.transaction(async (tx) => {
          const entries: EntryAnswer[] = [];
          for (const statement of statements) {
            const references = statement.entries.flatMap((entry) =>
              entry.reference === null ? [] : [entry.reference],
            );
            const known =
              references.length === 0
                ? []
                : await tx
                    .select({ reference: incomingPayments.reference })
                    .from(incomingPayments)
                    .where(
                      and(
                        eq(incomingPayments.account, statement.account),
                        inArray(incomingPayments.reference, references),
                      ),
                    );
            const symbols = [
              ...new Set(statement.entries.map((entry) => entry.variableSymbol).filter(Boolean)),
            ];
            const open =
              symbols.length === 0
                ? []
                : ((
                    (await tx.execute(sql`
                      select id, contract_id as contract, number,
                             ltrim(regexp_replace(variable_symbol, '[^0-9]', '', 'g'), '0') as symbol,
                             amount_due::text as due, paid_amount::text as paid,
                             to_char(due_date, 'YYYY-MM-DD') as due_date
                        from invoices
                       where state = 'issued' and amount_due > 0 and paid_amount < amount_due
                         and ltrim(regexp_replace(variable_symbol, '[^0-9]', '', 'g'), '0')
                             = any(${sql.param(symbols)}::text[])
                       order by id
                         for update`)) as unknown as { rows: Record<string, unknown>[] }
                  ).rows as Record<string, unknown>[]);
            const byId = new Map<number, OpenInvoice>();
            const bySymbol = new Map<string, OpenInvoice[]>();
            for (const row of open) {
              const invoice: OpenInvoice = {
                id: Number(row.id),
                contract: Number(row.contract),
                number: row.number === null ? null : String(row.number),
                variableSymbol: String(row.symbol),
                amountDue: String(row.due),
                paid: String(row.paid),
                dueDate: String(row.due_date),
              };
              byId.set(invoice.id, invoice);
              bySymbol.set(invoice.variableSymbol, [
                ...(bySymbol.get(invoice.variableSymbol) ?? []),
                invoice,
              ]);
            }
            const outcomes = matchEntries(statement.entries, {
              known: new Set(known.map((row) => row.reference)),
              invoices: bySymbol,
              ceiling: paymentMax(),
            });
            for (const [position, entry] of statement.entries.entries()) {
              let outcome = outcomes[position]!;
              let created: typeof incomingPayments.$inferSelect | undefined;
              if (outcome.kind === 'matched' || outcome.kind === 'unmatched') {
                const matched = outcome.kind === 'matched' ? outcome.invoice : undefined;
                [created] = await tx
                  .insert(incomingPayments)
                  .values({
                    account: statement.account,
                    reference: entry.reference!,
                    statement: statement.id.slice(0, 100),
                    bookingDate: entry.bookingDate!,
                    amount: new Decimal(entry.amount).toFixed(2),
                    variableSymbol: normalizeSymbol(entry.variableSymbol).slice(0, 10),
                    counterpartyName: entry.counterpartyName.slice(0, 140),
                    counterpartyAccount: entry.counterpartyAccount.slice(0, 60),
                    message: entry.message.slice(0, 300),
                    state: outcome.kind,
                    invoice: matched?.id ?? null,
                    contract: matched?.contract ?? null,
                  })
                  .onConflictDoNothing()
                  .returning();
                // Imported by a concurrent import of the same statement meanwhile.
                if (!created) outcome = { kind: 'unchanged' };
              }
              if (created && outcome.kind === 'matched') {
                const payment = await addPayment(tx, principal, {
                  contract: outcome.invoice.contract,
                  type: 'invoice',
                  amount: created.amount,
                  ts: created.bookingDate,
                  invoice: outcome.invoice.id,
                });
                [created] = await tx
                  .update(incomingPayments)
                  .set({ payment: payment.id })
                  .where(eq(incomingPayments.id, created.id))
                  .returning();
              }
              if (created)
                await recordAudit(tx, {
                  resource: RESOURCE,
                  rowId: created.id,
                  action: 'create',
                  actor: principal,
                  changes: auditChanges(incomingResource, undefined, created),
                });
              entries.push({
                index: entry.index,
                reference: entry.reference,
                booking_date: entry.bookingDate,
                amount: entry.amount,
                variable_symbol: entry.variableSymbol,
                counterparty_name: entry.counterpartyName,
                outcome: outcome.kind,
                reason:
                  outcome.kind === 'refused'
                    ? REFUSALS[outcome.reason]
                    : outcome.kind === 'unmatched'
                      ? UNMATCHED[outcome.why]
                      : outcome.kind === 'unchanged'
                        ? UNCHANGED
                        : null,
                invoice: outcome.kind === 'matched' ? outcome.invoice.id : null,
                invoice_number: outcome.kind === 'matched' ? outcome.invoice.number : null,
                payment_state: outcome.kind === 'matched' ? outcome.state : null,
                incoming_payment: created?.id ?? null,
              });
            }
          }
          return entries;
        });
        const count = (kind: EntryOutcome['kind']) =>
          answer.filter((entry) => entry.outcome === kind).length;
        return localize(
          {
            statements: statements.map(({ id, account }) => ({ id, account })),
            matched: count('matched'),
            unmatched: count('unmatched'),
            unchanged: count('unchanged'),
            refused: count('refused'),
            entries: answer,
          } as unknown as LocalizableJson,
          requestLang(request),
        );
      },
    },
    {
      // The statement travels as a JSON string: room for its escapes.
      bodyLimit: MAX_STATEMENT_CHARS * 2,
      beforeBody: (request) => auth.authorize(request, PRIVILEGE),
    },
  );

  registerPath(app, `${prefix}/incoming-payments/:id/assign/`, {
    async POST(request) {
      const principal = await auth.authorize(request, PRIVILEGE);
      const id = parseId(request);
      const body = bodyOf(request);
      const errors: FieldErrors = {};
      const invoiceId = idIn(body, 'invoice', errors);
      const contractId = idIn(body, 'contract', errors);
      const type = body.type ?? (invoiceId !== undefined ? 'invoice' : 'advance');
      if (!ASSIGN_TYPES.includes(type as (typeof ASSIGN_TYPES)[number]))
        addError(errors, 'type', messages.invalidChoice(String(type)));
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      if (invoiceId === undefined && contractId === undefined)
        throw new ValidationError({ non_field_errors: [CHOOSE] });
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(incomingPayments)
          .where(eq(incomingPayments.id, id))
          .for('update');
        if (!existing) throw notFound();
        if (existing.state !== 'unmatched') throw detailError(400, NOT_UNMATCHED);
        let contract: number;
        let invoice: number | null = null;
        if (invoiceId !== undefined) {
          const [row] = await tx
            .select({ contract: invoices.contract, state: invoices.state })
            .from(invoices)
            .where(eq(invoices.id, invoiceId))
            .for('update');
          if (!row)
            throw new ValidationError({ invoice: [messages.pkDoesNotExist(String(invoiceId))] });
          if (row.state !== 'issued') throw new ValidationError({ invoice: [NOT_ISSUED] });
          contract = row.contract;
          invoice = invoiceId;
        } else {
          const [row] = await tx
            .select({ id: contracts.id })
            .from(contracts)
            .where(eq(contracts.id, contractId!));
          if (!row)
            throw new ValidationError({ contract: [messages.pkDoesNotExist(String(contractId))] });
          contract = row.id;
        }
        if (new Decimal(existing.amount).gt(paymentMax()))
          throw new ValidationError({ non_field_errors: [REFUSALS.above_ceiling] });
        const payment = await addPayment(tx, principal, {
          contract,
          type: invoice === null ? String(type) : 'invoice',
          amount: existing.amount,
          ts: existing.bookingDate,
          invoice,
        });
        const [updated] = await tx
          .update(incomingPayments)
          .set({ state: 'assigned', payment: payment.id, invoice, contract })
          .where(eq(incomingPayments.id, id))
          .returning();
        await recordAudit(tx, {
          resource: RESOURCE,
          rowId: id,
          action: 'update',
          actor: principal,
          changes: auditChanges(incomingResource, existing, updated),
        });
        const [standing] =
          invoice === null
            ? []
            : await tx
                .select({ state: invoices.paymentState })
                .from(invoices)
                .where(eq(invoices.id, invoice));
        return {
          id,
          state: updated!.state,
          payment: payment.id,
          invoice,
          contract,
          payment_state: standing?.state ?? null,
        };
      });
    },
  });
}

/** OpenAPI paths and components of the two endpoints. */
export function paymentsOpenApi(
  registry: ResourceRegistry,
  prefix: string,
): { paths: Record<string, JsonObject>; schemas: Record<string, JsonObject> } {
  if (!registry.all().some((resource) => resource.name === RESOURCE))
    return { paths: {}, schemas: {} };
  const operation = (operationId: string, description: string, extra: JsonObject) => ({
    operationId,
    description: `${description} Needs ${PRIVILEGE}.`,
    tags: [RESOURCE],
    security: JWT_SECURITY,
    'x-privilege': PRIVILEGE,
    ...extra,
  });
  const str = { type: 'string' };
  const nullable = (schema: JsonObject) => ({ ...schema, nullable: true });
  const int = { type: 'integer' };
  const object = (properties: Record<string, JsonObject>, required = Object.keys(properties)) => ({
    type: 'object',
    properties,
    required: [...required].sort(),
  });
  return {
    paths: {
      [`${prefix}/incoming-payments/import/`]: {
        post: operation(
          'incoming-payments_import',
          'Imports a camt.053 bank statement: each credit is matched to an unpaid issued invoice by variable symbol (and amount) and recorded as its payment, or kept unmatched; an entry imported before creates nothing.',
          {
            requestBody: jsonBody('StatementImport'),
            responses: {
              '200': jsonResponse('StatementImportResult'),
              '400': { description: 'Not a camt.053 statement (`statement`).' },
            },
          },
        ),
      },
      [`${prefix}/incoming-payments/{id}/assign/`]: {
        post: operation(
          'incoming-payments_assign',
          'Makes an unmatched credit a payment of an issued invoice (type invoice) or of a contract (default advance).',
          {
            parameters: [{ name: 'id', in: 'path', required: true, schema: int }],
            requestBody: jsonBody('IncomingPaymentAssign'),
            responses: {
              '200': jsonResponse('IncomingPaymentAssigned'),
              '400': { description: 'Bad fields, or not unmatched.' },
            },
          },
        ),
      },
    },
    schemas: {
      StatementImport: object({
        statement: {
          type: 'string',
          maxLength: MAX_STATEMENT_CHARS,
          description: 'The camt.053 XML.',
        },
      }),
      StatementImportEntry: object({
        index: { ...int, description: '1-based position among the file’s entries.' },
        reference: nullable(str),
        booking_date: nullable({ type: 'string', format: 'date' }),
        amount: str,
        variable_symbol: str,
        counterparty_name: str,
        outcome: { type: 'string', enum: ['matched', 'unmatched', 'unchanged', 'refused'] },
        reason: nullable({ ...str, description: 'Why refused, unmatched or unchanged.' }),
        invoice: nullable(int),
        invoice_number: nullable(str),
        payment_state: nullable({
          type: 'string',
          enum: ['unpaid', 'partly_paid', 'paid', 'overpaid'],
        }),
        incoming_payment: nullable(int),
      }),
      StatementImportResult: object({
        statements: {
          type: 'array',
          items: object({ id: str, account: str }),
        },
        matched: int,
        unmatched: int,
        unchanged: int,
        refused: int,
        entries: {
          type: 'array',
          maxItems: MAX_STATEMENT_ENTRIES,
          items: { $ref: '#/components/schemas/StatementImportEntry' },
        },
      }),
      IncomingPaymentAssign: object(
        {
          invoice: nullable(int),
          contract: nullable(int),
          type: { type: 'string', enum: [...ASSIGN_TYPES] },
        },
        [],
      ),
      IncomingPaymentAssigned: object({
        id: int,
        state: str,
        payment: int,
        invoice: nullable(int),
        contract: int,
        payment_state: nullable(str),
      }),
    },
  };
}

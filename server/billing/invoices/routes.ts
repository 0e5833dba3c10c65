/**
 * The billing endpoints beside the generic `invoices` and `billing-runs` resources (issue
 * #15), all gated by `BILLING` and published in OpenAPI ({@link billingOpenApi}):
 *
 * - `POST /invoices/{id}/issue/`: draft → issued; gives the next number of the issue year's
 *   series (`2026000001`: year and six digits) from `invoice_series`, whose row is locked
 *   by the update, so concurrent issues queue and a rolled-back issue gives its number
 *   back: no gap, no duplicate. Issue date = today (Europe/Prague), due date + 14 days.
 * - `POST /invoices/{id}/cancel/`: issued → cancelled (frees the period for a correction).
 *   Any other state: 400 `{"detail": …}`.
 * - `GET /invoices/{id}/lines/`: the invoice's lines with the point's EAN and kind label.
 * - `GET /invoices/{id}/pdf/?lang=cs|en`: the invoice as a PDF (`invoices/pdf.ts`);
 *   `lang` defaults to the request's language.
 * - `GET /billing-runs/{id}/progress/`: counts (done = invoiced + skipped, failed,
 *   remaining), points billed, and up to 100 failures with their reasons.
 * - `POST /billing-runs/{id}/cancel/`: stops a running run: its pending items are
 *   cancelled (a batch being billed finishes its locked items first).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../auth/authenticate';
import type { Database } from '../../db/client';
import {
  billingRunItems,
  billingRuns,
  contracts,
  customers,
  invoiceLines,
  invoices,
  points,
} from '../../db/schema';
import { detailError, notFound, ValidationError } from '../../http/errors';
import { requestLang } from '../../http/request-lang';
import { registerPath } from '../../http/routes';
import { localize, text, type Lang, type LocalizableJson } from '../../i18n/text';
import { JWT_SECURITY, jsonResponse, type JsonObject } from '../../openapi/types';
import { auditChanges, recordAudit } from '../../resources/engine';
import type { ResourceRegistry } from '../../resources/engine';
import { LINE_LABELS, type LineKind } from '../calculate';
import { addDays } from '../dates';
import { DUE_DAYS } from './dates';
import { renderInvoicePdf, type InvoiceDocument } from './pdf';
import { pragueToday } from '../runs/process';
import { loadSupplierSettings } from '../settings';

const PRIVILEGE = 'BILLING';
const INT32_MAX = 2_147_483_647;

/** Most failures a progress answer lists. */
export const MAX_FAILURES = 100;

const ONLY_DRAFT = text('Only a draft invoice can be issued.', 'Vystavit lze jen koncept faktury.');
const ONLY_ISSUED = text(
  'Only an issued invoice can be cancelled.',
  'Stornovat lze jen vystavenou fakturu.',
);
const NOT_RUNNING = text('The run is not running.', 'Běh neprobíhá.');
const BAD_LANG = text('Choose cs or en.', 'Zvolte cs nebo en.');

function parseId(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > INT32_MAX) throw notFound();
  return Number(raw);
}

/** `number` of the series of `year`: `2026000042`. */
export function invoiceNumber(year: number, sequence: number): string {
  return `${year}${String(sequence).padStart(6, '0')}`;
}

/** What the billing routes need from the app. */
export interface BillingRouteContext {
  readonly db: Database;
  readonly registry: ResourceRegistry;
  readonly auth: Authenticator;
  readonly prefix: string;
}

/** The invoice `id` as the PDF shows it, or undefined. */
async function invoiceDocument(db: Database, id: number): Promise<InvoiceDocument | undefined> {
  const [row] = await db
    .select({
      number: invoices.number,
      state: invoices.state,
      contract_no: contracts.contractNo,
      customer_no: customers.customerNo,
      company: customers.companyName,
      first: customers.firstName,
      last: customers.lastName,
      period_from: invoices.periodFrom,
      period_to: invoices.periodTo,
      issue_date: invoices.issueDate,
      taxable_supply_date: invoices.taxableSupplyDate,
      due_date: invoices.dueDate,
      variable_symbol: invoices.variableSymbol,
      base: invoices.base,
      vat_rate: invoices.vatRate,
      vat: invoices.vat,
      production: invoices.production,
      total: invoices.total,
      advances: invoices.advances,
      amount_due: invoices.amountDue,
    })
    .from(invoices)
    .innerJoin(contracts, eq(contracts.id, invoices.contract))
    .innerJoin(customers, eq(customers.id, invoices.customer))
    .where(eq(invoices.id, id));
  if (!row) return undefined;
  const { company, first, last, ...rest } = row;
  return {
    ...rest,
    customer_name: company || `${first} ${last}`.trim(),
    lines: await linesOf(db, id),
  };
}

async function linesOf(db: Database, id: number) {
  return db
    .select({
      id: invoiceLines.id,
      point: invoiceLines.point,
      ean: points.ean,
      segment_from: invoiceLines.segmentFrom,
      segment_to: invoiceLines.segmentTo,
      kind: invoiceLines.kind,
      quantity: invoiceLines.quantity,
      unit: invoiceLines.unit,
      unit_price: invoiceLines.unitPrice,
      amount: invoiceLines.amount,
    })
    .from(invoiceLines)
    .leftJoin(points, eq(points.id, invoiceLines.point))
    .where(eq(invoiceLines.invoice, id))
    .orderBy(asc(invoiceLines.position));
}

/** Registers the billing endpoints (see the module comment). */
export function registerInvoiceRoutes(app: FastifyInstance, context: BillingRouteContext): void {
  const { db, registry, auth, prefix } = context;
  if (!registry.all().some((resource) => resource.name === 'invoices')) return;
  const invoiceResource = registry.get('invoices');

  /** Moves invoice `id` from `from` to `to` with `extra` changes, audited. */
  async function transition(
    request: FastifyRequest,
    from: string,
    refusal: typeof ONLY_DRAFT,
    change: (tx: Database) => Promise<Record<string, unknown>>,
  ) {
    const principal = await auth.authorize(request, PRIVILEGE);
    const id = parseId(request);
    const row = await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
      if (!existing) throw notFound();
      if (existing.state !== from) throw detailError(400, refusal);
      const values = await change(tx);
      const [updated] = await tx
        .update(invoices)
        .set(values)
        .where(eq(invoices.id, id))
        .returning();
      await recordAudit(tx, {
        resource: 'invoices',
        rowId: id,
        action: 'update',
        actor: principal,
        changes: auditChanges(invoiceResource, existing, updated),
      });
      return updated!;
    });
    return {
      id: row.id,
      number: row.number,
      state: row.state,
      issue_date: row.issueDate,
      due_date: row.dueDate,
    };
  }

  registerPath(app, `${prefix}/invoices/:id/issue/`, {
    POST: (request) =>
      transition(request, 'draft', ONLY_DRAFT, async (tx) => {
        const today = pragueToday();
        const year = Number(today.slice(0, 4));
        const result = await tx.execute(sql`
          insert into invoice_series (year, last) values (${year}, 1)
          on conflict (year) do update set last = invoice_series.last + 1
          returning last`);
        const last = Number((result as unknown as { rows: { last: unknown }[] }).rows[0]!.last);
        return {
          state: 'issued',
          number: invoiceNumber(year, last),
          issueDate: today,
          dueDate: addDays(today, DUE_DAYS),
        };
      }),
  });
  registerPath(app, `${prefix}/invoices/:id/cancel/`, {
    POST: (request) =>
      transition(request, 'issued', ONLY_ISSUED, async () => ({ state: 'cancelled' })),
  });
  registerPath(app, `${prefix}/invoices/:id/lines/`, {
    async GET(request) {
      await auth.authorize(request, PRIVILEGE);
      const id = parseId(request);
      const [found] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.id, id));
      if (!found) throw notFound();
      const lang = requestLang(request);
      const lines = await linesOf(db, id);
      return {
        results: lines.map((line) => ({
          ...line,
          label: LINE_LABELS[line.kind as LineKind]?.[lang] ?? line.kind,
        })),
      };
    },
  });
  registerPath(app, `${prefix}/invoices/:id/pdf/`, {
    async GET(request, reply) {
      await auth.authorize(request, PRIVILEGE);
      const id = parseId(request);
      const query = request.query as { lang?: string };
      if (query.lang !== undefined && query.lang !== 'cs' && query.lang !== 'en')
        throw new ValidationError({ lang: [BAD_LANG] });
      const lang: Lang = (query.lang as Lang | undefined) ?? requestLang(request);
      const invoice = await invoiceDocument(db, id);
      if (!invoice) throw notFound();
      const pdf = await renderInvoicePdf(invoice, await loadSupplierSettings(db), lang);
      const name = `invoice-${invoice.number ?? `draft-${id}`}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(pdf);
    },
  });

  registerPath(app, `${prefix}/billing-runs/:id/progress/`, {
    async GET(request) {
      await auth.authorize(request, PRIVILEGE);
      const id = parseId(request);
      const [run] = await db.select().from(billingRuns).where(eq(billingRuns.id, id));
      if (!run) throw notFound();
      return localize(
        (await runProgress(db, id, run)) as unknown as LocalizableJson,
        requestLang(request),
      );
    },
  });
  registerPath(app, `${prefix}/billing-runs/:id/cancel/`, {
    async POST(request) {
      await auth.authorize(request, PRIVILEGE);
      const id = parseId(request);
      await db.transaction(async (tx) => {
        const [run] = await tx
          .select({ state: billingRuns.state })
          .from(billingRuns)
          .where(eq(billingRuns.id, id))
          .for('update');
        if (!run) throw notFound();
        if (run.state !== 'running') throw detailError(400, NOT_RUNNING);
        await tx
          .update(billingRuns)
          .set({ state: 'cancelled', finishedAt: new Date() })
          .where(eq(billingRuns.id, id));
        await tx
          .update(billingRunItems)
          .set({ status: 'cancelled' })
          .where(and(eq(billingRunItems.run, id), eq(billingRunItems.status, 'pending')));
      });
      const [run] = await db.select().from(billingRuns).where(eq(billingRuns.id, id));
      return localize(
        (await runProgress(db, id, run!)) as unknown as LocalizableJson,
        requestLang(request),
      );
    },
  });
}

/** The progress of run `id` (see the module comment). */
export async function runProgress(db: Database, id: number, run: typeof billingRuns.$inferSelect) {
  const counts = await db
    .select({
      status: billingRunItems.status,
      items: sql<number>`count(*)::int`,
      points: sql<number>`coalesce(sum(${billingRunItems.points}), 0)::int`,
    })
    .from(billingRunItems)
    .where(eq(billingRunItems.run, id))
    .groupBy(billingRunItems.status);
  const of = (status: string) => counts.find((row) => row.status === status);
  const n = (status: string) => Number(of(status)?.items ?? 0);
  const failures = await db
    .select({
      contract: billingRunItems.contract,
      contract_no: contracts.contractNo,
      period_from: billingRunItems.periodFrom,
      period_to: billingRunItems.periodTo,
      reasons: billingRunItems.reasons,
    })
    .from(billingRunItems)
    .innerJoin(contracts, eq(contracts.id, billingRunItems.contract))
    .where(and(eq(billingRunItems.run, id), eq(billingRunItems.status, 'failed')))
    .orderBy(asc(billingRunItems.id))
    .limit(MAX_FAILURES);
  return {
    id,
    month: run.month,
    state: run.state,
    total: run.total,
    invoiced: n('invoiced'),
    skipped: n('skipped'),
    done: n('invoiced') + n('skipped'),
    failed: n('failed'),
    cancelled: n('cancelled'),
    remaining: n('pending'),
    points_billed: Number(of('invoiced')?.points ?? 0),
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    failures: failures.map((failure) => ({
      ...failure,
      reasons: (failure.reasons ?? []) as LocalizableJson,
    })),
  };
}

/** OpenAPI paths and components of the billing endpoints. */
export function invoicesOpenApi(
  registry: ResourceRegistry,
  prefix: string,
): { paths: Record<string, JsonObject>; schemas: Record<string, JsonObject> } {
  if (!registry.all().some((resource) => resource.name === 'invoices'))
    return { paths: {}, schemas: {} };
  const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
  const op = (operationId: string, tag: string, description: string, response: JsonObject) => ({
    operationId,
    description,
    tags: [tag],
    parameters: [idParam],
    security: JWT_SECURITY,
    'x-privilege': PRIVILEGE,
    responses: { '200': response },
  });
  const str = { type: 'string' };
  const nullableStr = { type: 'string', nullable: true };
  return {
    paths: {
      [`${prefix}/invoices/{id}/issue/`]: {
        post: op(
          'invoices_issue',
          'invoices',
          'Issues a draft invoice: gives it the next number of the year series, issue date today, due in 14 days. 400 unless a draft.',
          jsonResponse('InvoiceTransition'),
        ),
      },
      [`${prefix}/invoices/{id}/cancel/`]: {
        post: op(
          'invoices_cancel',
          'invoices',
          'Cancels an issued invoice (a correction is a cancellation and a new invoice). 400 unless issued.',
          jsonResponse('InvoiceTransition'),
        ),
      },
      [`${prefix}/invoices/{id}/lines/`]: {
        get: op(
          'invoices_lines',
          'invoices',
          "The invoice's lines, per point and segment.",
          jsonResponse('InvoiceLineList'),
        ),
      },
      [`${prefix}/invoices/{id}/pdf/`]: {
        get: {
          ...op('invoices_pdf', 'invoices', 'The invoice as a PDF in Czech or English.', {
            description: 'The PDF',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          }),
          parameters: [
            idParam,
            {
              name: 'lang',
              in: 'query',
              required: false,
              schema: { type: 'string', enum: ['cs', 'en'] },
            },
          ],
        },
      },
      [`${prefix}/billing-runs/{id}/progress/`]: {
        get: op(
          'billing_runs_progress',
          'billing-runs',
          "The run's progress and failures.",
          jsonResponse('BillingRunProgress'),
        ),
      },
      [`${prefix}/billing-runs/{id}/cancel/`]: {
        post: op(
          'billing_runs_cancel',
          'billing-runs',
          'Cancels a running run: its contracts not yet billed are left alone. 400 unless running.',
          jsonResponse('BillingRunProgress'),
        ),
      },
    },
    schemas: {
      InvoiceTransition: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          number: nullableStr,
          state: str,
          issue_date: str,
          due_date: str,
        },
        required: ['id', 'number', 'state', 'issue_date', 'due_date'],
      },
      InvoiceLineList: {
        type: 'object',
        properties: {
          results: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                point: { type: 'integer', nullable: true },
                ean: nullableStr,
                segment_from: nullableStr,
                segment_to: nullableStr,
                kind: str,
                label: str,
                quantity: str,
                unit: str,
                unit_price: str,
                amount: str,
              },
              required: [
                'id',
                'point',
                'ean',
                'segment_from',
                'segment_to',
                'kind',
                'label',
                'quantity',
                'unit',
                'unit_price',
                'amount',
              ],
            },
          },
        },
        required: ['results'],
      },
      BillingRunProgress: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          month: str,
          state: str,
          total: { type: 'integer' },
          invoiced: { type: 'integer' },
          skipped: { type: 'integer' },
          done: { type: 'integer' },
          failed: { type: 'integer' },
          cancelled: { type: 'integer' },
          remaining: { type: 'integer' },
          points_billed: { type: 'integer' },
          created_at: str,
          finished_at: nullableStr,
          failures: {
            type: 'array',
            maxItems: MAX_FAILURES,
            items: {
              type: 'object',
              properties: {
                contract: { type: 'integer' },
                contract_no: str,
                period_from: str,
                period_to: str,
                reasons: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      code: str,
                      point_id: { type: 'integer' },
                      day: str,
                      message: str,
                    },
                    required: ['code', 'message'],
                  },
                },
              },
              required: ['contract', 'contract_no', 'period_from', 'period_to', 'reasons'],
            },
          },
        },
        required: [
          'id',
          'month',
          'state',
          'total',
          'invoiced',
          'skipped',
          'done',
          'failed',
          'cancelled',
          'remaining',
          'points_billed',
          'created_at',
          'finished_at',
          'failures',
        ],
      },
    },
  };
}

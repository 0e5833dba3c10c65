/**
 * The billing endpoints beside the generic `invoices` and `billing-runs` resources
 * (docs/billing.md), all gated by `BILLING` and published in OpenAPI ({@link billingOpenApi}):
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
 * - `POST /billing-runs/{id}/send/`: queues the mailing of a done run's issued invoices
 *   (`send-run.ts`): 202 with the progress, whose `sending` counts follow it; 409 unless the
 *   run is done; 503 when no queue runs.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../auth/authenticate';
import type { Database } from '../../db/client';
import {
  billingRunItems,
  billingRuns,
  contracts,
  invoiceLines,
  invoices,
  points,
} from '../../db/schema';
import { detailError, notFound, ValidationError } from '../../http/errors';
import { requestLang } from '../../http/request-lang';
import { registerPath } from '../../http/routes';
import { localize, text, type Lang, type LocalizableJson } from '../../i18n/text';
import { JWT_SECURITY, jsonResponse, type JsonObject } from '../../openapi/types';
import { countBillingRun } from '../../metrics';
import { auditChanges, recordAudit } from '../../resources/engine';
import type { ResourceRegistry } from '../../resources/engine';
import type { Mailer } from '../../auth/mailer';
import { LINE_LABELS, type LineKind } from '../calculate';
import { billingQueue } from '../runs/jobs';
import { runSending } from './send-run';
import {
  cancelInvoice,
  invoiceDocumentOf,
  issueInvoice,
  sendInvoice,
  setInvoiceMailer,
} from './actions';
import { renderInvoicePdf } from './pdf';

const PRIVILEGE = 'BILLING';
const INT32_MAX = 2_147_483_647;

/** Most failures a progress answer lists. */
export const MAX_FAILURES = 100;

const NOT_A_BOOLEAN = text('Must be true or false.', 'Musí být true nebo false.');
const NOT_RUNNING = text('The run is not running.', 'Běh neprobíhá.');
const NOT_DONE = text(
  'Only a finished run can send its invoices.',
  'Faktury lze rozeslat jen z dokončeného běhu.',
);
const NO_QUEUE = text(
  'No billing worker runs to send the invoices; try again later.',
  'Faktury nemá kdo rozeslat (neběží žádný fakturační worker); zkuste to později.',
);
const BAD_LANG = text('Choose cs or en.', 'Zvolte cs nebo en.');

function parseId(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > INT32_MAX) throw notFound();
  return Number(raw);
}

/** What the billing routes need from the app. */
export interface BillingRouteContext {
  readonly db: Database;
  readonly registry: ResourceRegistry;
  readonly auth: Authenticator;
  readonly prefix: string;
  /** Sends invoices (docs/billing.md "Sending"). */
  readonly mailer: Mailer;
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
  const { db, registry, auth, prefix, mailer } = context;
  if (!registry.all().some((resource) => resource.name === 'invoices')) return;

  setInvoiceMailer(app, mailer);

  /** The answer of an issue or a cancel. */
  const transitioned = (row: typeof invoices.$inferSelect) => ({
    id: row.id,
    number: row.number,
    state: row.state,
    issue_date: row.issueDate,
    due_date: row.dueDate,
  });
  registerPath(app, `${prefix}/invoices/:id/issue/`, {
    async POST(request) {
      const principal = await auth.authorize(request, PRIVILEGE);
      const id = parseId(request);
      return transitioned(await db.transaction((tx) => issueInvoice(tx, id, principal)));
    },
  });
  registerPath(app, `${prefix}/invoices/:id/cancel/`, {
    async POST(request) {
      const principal = await auth.authorize(request, PRIVILEGE);
      const id = parseId(request);
      return transitioned(await db.transaction((tx) => cancelInvoice(tx, id, principal)));
    },
  });
  registerPath(app, `${prefix}/invoices/:id/send/`, {
    async POST(request) {
      const principal = await auth.authorize(request, PRIVILEGE);
      const id = parseId(request);
      const body = (request.body ?? {}) as { resend?: unknown };
      if (body.resend !== undefined && typeof body.resend !== 'boolean')
        throw new ValidationError({ resend: [NOT_A_BOOLEAN] });
      return db.transaction((tx) =>
        sendInvoice(tx, id, principal, { mailer, resend: body.resend === true }),
      );
    },
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
      const found = await invoiceDocumentOf(db, id);
      if (!found) throw notFound();
      const pdf = await renderInvoicePdf(found.document, found.state, lang);
      const name = `invoice-${found.number ?? `draft-${id}`}.pdf`;
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
      const principal = await auth.authorize(request, PRIVILEGE);
      const id = parseId(request);
      await db.transaction(async (tx) => {
        const [run] = await tx
          .select()
          .from(billingRuns)
          .where(eq(billingRuns.id, id))
          .for('update');
        if (!run) throw notFound();
        // A run still planning is cancelled before a worker plans it (`runs/plan.ts`).
        if (run.state !== 'running' && run.state !== 'planning')
          throw detailError(400, NOT_RUNNING);
        const [updated] = await tx
          .update(billingRuns)
          .set({ state: 'cancelled', finishedAt: new Date() })
          .where(eq(billingRuns.id, id))
          .returning();
        await tx
          .update(billingRunItems)
          .set({ status: 'cancelled' })
          .where(and(eq(billingRunItems.run, id), eq(billingRunItems.status, 'pending')));
        // docs/billing.md "Billing runs": the cancellation is audited with who made it.
        if (registry.all().some((resource) => resource.name === 'billing-runs'))
          await recordAudit(tx, {
            resource: 'billing-runs',
            rowId: id,
            action: 'update',
            actor: principal,
            changes: auditChanges(registry.get('billing-runs'), run, updated),
          });
      });
      countBillingRun('cancelled');
      const [run] = await db.select().from(billingRuns).where(eq(billingRuns.id, id));
      return localize(
        (await runProgress(db, id, run!)) as unknown as LocalizableJson,
        requestLang(request),
      );
    },
  });
  registerPath(app, `${prefix}/billing-runs/:id/send/`, {
    async POST(request, reply) {
      const principal = await auth.authorize(request, PRIVILEGE);
      const id = parseId(request);
      const [run] = await db.select().from(billingRuns).where(eq(billingRuns.id, id));
      if (!run) throw notFound();
      if (run.state !== 'done') throw detailError(409, NOT_DONE);
      const queue = billingQueue();
      if (!queue) throw detailError(503, NO_QUEUE);
      await queue.sendInvoices({ run: id, user: { id: principal.id, email: principal.email } });
      return reply
        .code(202)
        .send(
          localize(
            (await runProgress(db, id, run)) as unknown as LocalizableJson,
            requestLang(request),
          ),
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
    sending: await runSending(db, id),
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
      [`${prefix}/invoices/{id}/send/`]: {
        post: {
          ...op(
            'invoices_send',
            'invoices',
            "E-mails an issued invoice's PDF to the customer's e-mail for documents, in the document's language, and records when and to whom. Once sent, does nothing (sent: false) unless resend is true. 400 unless issued, or without an e-mail.",
            jsonResponse('InvoiceSendResult'),
          ),
          requestBody: {
            required: false,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/InvoiceSendRequest' } },
            },
          },
        },
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
          'billing-runs_progress',
          'billing-runs',
          "The run's progress and failures.",
          jsonResponse('BillingRunProgress'),
        ),
      },
      [`${prefix}/billing-runs/{id}/send/`]: {
        post: {
          ...op(
            'billing-runs_send',
            'billing-runs',
            "Queues the mailing of a done run's issued invoices not yet sent (each once); `sending` of the progress follows it. 409 unless the run is done.",
            jsonResponse('BillingRunProgress'),
          ),
          responses: { '202': jsonResponse('BillingRunProgress') },
        },
      },
      [`${prefix}/billing-runs/{id}/cancel/`]: {
        post: op(
          'billing-runs_cancel',
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
      InvoiceSendRequest: {
        type: 'object',
        properties: { resend: { type: 'boolean', default: false } },
      },
      InvoiceSendResult: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          sent: { type: 'boolean' },
          sent_at: nullableStr,
          sent_to: str,
        },
        required: ['id', 'sent', 'sent_at', 'sent_to'],
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
          sending: {
            type: 'object',
            properties: {
              issued: { type: 'integer' },
              sent: { type: 'integer' },
              without_email: { type: 'integer' },
              remaining: { type: 'integer' },
            },
            required: ['issued', 'sent', 'without_email', 'remaining'],
          },
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
                      point_title: str,
                      device_id: { type: 'integer' },
                      device_title: str,
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
          'sending',
          'failures',
        ],
      },
    },
  };
}

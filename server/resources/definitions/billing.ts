/**
 * Invoices and billing runs (docs/billing.md), both gated by
 * `BILLING`.
 *
 * Choice values (value — English / Czech):
 * - invoice `state`: `draft` — Draft / Koncept; `issued` — Issued / Vystavená;
 *   `cancelled` — Cancelled / Stornovaná
 * - run `state`: `planning` — Planning / Plánuje se (a worker plans a run of many
 *   contracts); `running` — Running / Probíhá; `done` — Done / Dokončen; `cancelled` —
 *   Cancelled / Zrušen
 *
 * - invoice `payment_state`: `unpaid` — Unpaid / Neuhrazená; `partly_paid` — Partly paid /
 *   Částečně uhrazená; `paid` — Paid / Uhrazená; `overpaid` — Overpaid / Přeplacená
 *   (kept by the payments settling the invoice; `?overdue=true` lists the overdue ones,
 *   docs/billing.md "Standing")
 *
 * Rules: invoices are made by billing runs (POST refused); only a draft's `note` may be
 * changed and only a draft deleted: an issued or cancelled invoice is immutable (403 with
 * the reason; a correction is a cancellation and a new invoice). State changes are
 * `POST /invoices/{id}/issue/` and `/cancel/` (`billing/invoices/routes.ts`). A run's
 * `month` is the first day of this month or an earlier one; creating a run plans and
 * enqueues it (`billing/runs/plan.ts`), and is refused (409 naming it) while another run of
 * the same month is planning or running; a run is never edited or deleted, only cancelled.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { billingRuns, invoices } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { LOCALES } from '../../i18n/format';
import { text, type Lang, type Text } from '../../i18n/text';
import {
  cancelInvoice,
  invoiceMailer,
  issueInvoice,
  overdueCondition,
  PAYMENT_STATES,
  pragueToday,
  sendInvoice,
  startRun,
} from '../../billing';
import {
  defineResource,
  idField,
  ok,
  parseBoolean,
  type AuthorizationContext,
  type DecimalField,
  type FieldDefinition,
} from '../engine';

export const INVOICE_STATES = [
  { value: 'draft', label: text('Draft', 'Koncept') },
  { value: 'issued', label: text('Issued', 'Vystavená') },
  { value: 'cancelled', label: text('Cancelled', 'Stornovaná') },
] as const;

export const RUN_STATES = [
  { value: 'planning', label: text('Planning', 'Plánuje se') },
  { value: 'running', label: text('Running', 'Probíhá') },
  { value: 'done', label: text('Done', 'Dokončen') },
  { value: 'cancelled', label: text('Cancelled', 'Zrušen') },
] as const;

/** Why a POST to invoices is refused. */
export const INVOICES_FROM_RUNS = text(
  'Invoices are made by billing runs.',
  'Faktury vznikají fakturačním během.',
);

/** Why an issued or cancelled invoice cannot be changed. */
export const INVOICE_IMMUTABLE = text(
  'An issued invoice cannot be changed or deleted; cancel it and bill the period again.',
  'Vystavenou fakturu nelze změnit ani smazat; stornujte ji a vyfakturujte období znovu.',
);

const RUN_IMMUTABLE = text(
  'A billing run cannot be changed or deleted; cancel it instead.',
  'Fakturační běh nelze změnit ani smazat; můžete jej zrušit.',
);

const FIRST_OF_MONTH = text('Enter the first day of a month.', 'Zadejte první den měsíce.');

const NOT_YET = text(
  'A run bills a month that has begun: choose this month or an earlier one.',
  'Fakturovat lze jen měsíc, který už začal: zvolte tento nebo dřívější měsíc.',
);

/** The first day of the current month in Europe/Prague (`YYYY-MM-01`). */
const thisMonth = () => `${pragueToday().slice(0, 7)}-01`;

/** `YYYY-MM-01` as a month's name in each language ("February 2026", "únor 2026"). */
function monthName(month: string): Text {
  const day = new Date(`${month}T12:00:00Z`);
  const name = (lang: Lang) =>
    new Intl.DateTimeFormat(LOCALES[lang], {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(day);
  return text(name('en'), name('cs'));
}

/**
 * One run of a month at a time (docs/billing.md "Billing runs"): a new run while another of
 * its month is planning or running is refused with 409 naming that one. Creates queue on
 * one transaction-scoped lock, so two at once cannot both pass.
 */
async function oneRunPerMonth({ operation, values, db }: AuthorizationContext) {
  if (operation !== 'create' || typeof values.month !== 'string') return undefined;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('joule.billing-runs.create'))`);
  const [running] = await db
    .select({ id: billingRuns.id })
    .from(billingRuns)
    .where(
      and(eq(billingRuns.month, values.month), inArray(billingRuns.state, ['planning', 'running'])),
    )
    .limit(1);
  if (!running) return undefined;
  const month = monthName(values.month);
  return new ApiError(409, {
    detail: text(
      `Billing run #${running.id} for ${month.en} is still running: wait for it to end, or cancel it, before starting another.`,
      `Fakturační běh č. ${running.id} za ${month.cs} ještě probíhá: počkejte na jeho konec nebo jej zrušte, než spustíte další.`,
    ),
    run: running.id,
  });
}

/** The invoice dialog's sections (docs/product.md: fields grouped from the declaration). */
const INVOICE = { key: 'invoice', label: text('Invoice', 'Faktura') };
const DATES = { key: 'dates', label: text('Dates', 'Data') };
const AMOUNTS = { key: 'amounts', label: text('Amounts', 'Částky') };

const money = (column: DecimalField['column'], label: ReturnType<typeof text>): DecimalField => ({
  type: 'decimal',
  column,
  label,
  unit: 'CZK',
  section: AMOUNTS,
  readOnly: true,
  maxDigits: 14,
  decimalPlaces: 2,
});

const readOnlyDate = (column: FieldDefinition['column'], label: ReturnType<typeof text>) =>
  ({ type: 'date', column, label, readOnly: true, section: DATES }) as const;

/** `/api/v1/invoices/`, gated by `BILLING`. */
export const invoicesResource = defineResource({
  name: 'invoices',
  component: 'Invoice',
  privilege: 'BILLING',
  table: invoices,
  labels: {
    singular: text('Invoice', 'Faktura'),
    plural: text('Invoices', 'Faktury'),
    create: text('New invoice', 'Nová faktura'),
  },
  // An invoice is known by its number (a draft, having none, by its id); never by its
  // variable symbol (docs/billing.md "Invoices").
  titleField: 'number',
  titleFields: ['number'],
  fields: {
    id: idField(invoices.id),
    number: {
      type: 'string',
      column: invoices.number,
      label: text('Number', 'Číslo'),
      readOnly: true,
      nullable: true,
      maxLength: 10,
      section: INVOICE,
    },
    contract: {
      type: 'field',
      reference: 'contracts',
      column: invoices.contract,
      label: text('Contract', 'Smlouva'),
      readOnly: true,
      section: INVOICE,
    },
    customer: {
      type: 'field',
      reference: 'customers',
      column: invoices.customer,
      label: text('Customer', 'Zákazník'),
      readOnly: true,
      section: INVOICE,
    },
    run: {
      type: 'field',
      reference: 'billing-runs',
      column: invoices.run,
      label: text('Billing run', 'Fakturační běh'),
      readOnly: true,
      nullable: true,
      section: INVOICE,
    },
    period_from: readOnlyDate(invoices.periodFrom, text('Period from', 'Období od')),
    period_to: readOnlyDate(invoices.periodTo, text('Period to (exclusive)', 'Období do (mimo)')),
    issue_date: readOnlyDate(invoices.issueDate, text('Issue date', 'Datum vystavení')),
    taxable_supply_date: readOnlyDate(
      invoices.taxableSupplyDate,
      text('Taxable supply date', 'Datum uskutečnění zdanitelného plnění'),
    ),
    due_date: readOnlyDate(invoices.dueDate, text('Due date', 'Datum splatnosti')),
    variable_symbol: {
      type: 'string',
      column: invoices.variableSymbol,
      label: text('Variable symbol', 'Variabilní symbol'),
      readOnly: true,
      maxLength: 40,
      section: INVOICE,
    },
    state: {
      type: 'choice',
      column: invoices.state,
      label: text('State', 'Stav'),
      choices: INVOICE_STATES,
      readOnly: true,
      section: INVOICE,
    },
    base: money(invoices.base, text('Base', 'Základ')),
    vat_rate: {
      type: 'decimal',
      column: invoices.vatRate,
      label: text('VAT rate', 'Sazba DPH'),
      unit: '%',
      section: AMOUNTS,
      readOnly: true,
      maxDigits: 5,
      decimalPlaces: 2,
    },
    vat: money(invoices.vat, text('VAT', 'DPH')),
    production: money(invoices.production, text('Production', 'Výkup')),
    total: money(invoices.total, text('Total', 'Celkem')),
    advances: money(invoices.advances, text('Advances', 'Zálohy')),
    amount_due: money(invoices.amountDue, text('Amount due', 'K úhradě')),
    // Kept by the payments settling the invoice (docs/billing.md "Standing").
    paid_amount: money(invoices.paidAmount, text('Paid', 'Uhrazeno')),
    payment_state: {
      type: 'choice',
      column: invoices.paymentState,
      label: text('Payment', 'Úhrada'),
      choices: PAYMENT_STATES,
      readOnly: true,
      section: AMOUNTS,
    },
    // Sending (docs/billing.md "Sending").
    sent_at: {
      type: 'datetime',
      column: invoices.sentAt,
      label: text('Sent', 'Odesláno'),
      readOnly: true,
      nullable: true,
      section: INVOICE,
    },
    sent_to: {
      type: 'string',
      column: invoices.sentTo,
      label: text('Sent to', 'Odesláno na'),
      readOnly: true,
      maxLength: 254,
      allowBlank: true,
      section: INVOICE,
    },
    note: {
      type: 'string',
      column: invoices.note,
      label: text('Note', 'Poznámka'),
      maxLength: 500,
      allowBlank: true,
      default: '',
      section: INVOICE,
    },
  },
  // What a clerk reads first, the amounts among them (docs/product.md); the rest in the column
  // chooser.
  listFields: [
    'number',
    'customer',
    'contract',
    'period_from',
    'issue_date',
    'due_date',
    'state',
    'total',
    'amount_due',
    'payment_state',
  ],
  searchFields: ['number', 'variable_symbol'],
  sortFields: [
    'id',
    'number',
    'contract',
    'customer',
    'period_from',
    'issue_date',
    'due_date',
    'state',
    'total',
    'amount_due',
    'paid_amount',
    'payment_state',
  ],
  filterFields: [
    'state',
    'payment_state',
    'contract',
    'customer',
    'run',
    'period_from',
    'period_to',
  ],
  queryParams: {
    overdue: {
      description:
        'true: only invoices overdue today (Europe/Prague): issued, an amount due, not paid in full, past the due date; false: all others.',
      schema: { type: 'boolean' },
      where(value) {
        const parsed = parseBoolean(value);
        if (!parsed.ok) return parsed;
        return ok(parsed.value ? overdueCondition : sql`not ${overdueCondition}`);
      },
    },
  },
  rangeFields: ['period_from', 'period_to', 'issue_date', 'due_date'],
  defaultSort: ['-id'],
  // The single actions' own code on each selected invoice (docs/billing.md "Invoices").
  bulkActions: {
    issue: {
      label: text('Issue', 'Vystavit'),
      run: async ({ db, id, principal }) => void (await issueInvoice(db, id, principal)),
    },
    send: {
      label: text('Send', 'Odeslat'),
      run: async ({ db, id, principal, request }) =>
        void (await sendInvoice(db, id, principal, { mailer: invoiceMailer(request.server) })),
    },
    cancel: {
      label: text('Cancel', 'Stornovat'),
      run: async ({ db, id, principal }) => void (await cancelInvoice(db, id, principal)),
    },
  },
  authorizeWrite: ({ operation, existing }) => {
    if (operation === 'create') return INVOICES_FROM_RUNS;
    if (existing && existing.state !== 'draft') return INVOICE_IMMUTABLE;
    return undefined;
  },
});

/** `/api/v1/billing-runs/`, gated by `BILLING`. */
export const billingRunsResource = defineResource({
  name: 'billing-runs',
  component: 'BillingRun',
  privilege: 'BILLING',
  table: billingRuns,
  labels: {
    singular: text('Billing run', 'Fakturační běh'),
    plural: text('Billing runs', 'Fakturační běhy'),
    create: text('New billing run', 'Nový fakturační běh'),
  },
  description: text(
    'Bill contracts due in a month: every active contract whose billing period ends in it.',
    'Vyfakturovat smlouvy splatné v měsíci: každou aktivní smlouvu, jejíž fakturační období v něm končí.',
  ),
  titleField: 'month',
  fields: {
    id: idField(billingRuns.id),
    month: {
      type: 'date',
      column: billingRuns.month,
      label: text('Bill contracts due in (month)', 'Fakturovat smlouvy splatné v (měsíc)'),
      helpText: text('The first day of the month.', 'První den měsíce.'),
      required: true,
      validators: [
        (value) => (String(value).endsWith('-01') ? undefined : FIRST_OF_MONTH),
        (value) => (String(value) > thisMonth() ? NOT_YET : undefined),
      ],
    },
    state: {
      type: 'choice',
      column: billingRuns.state,
      label: text('State', 'Stav'),
      choices: RUN_STATES,
      readOnly: true,
    },
    total: {
      type: 'integer',
      column: billingRuns.total,
      label: text('Contracts', 'Smluv'),
      readOnly: true,
    },
    created_at: {
      type: 'datetime',
      column: billingRuns.createdAt,
      label: text('Started', 'Spuštěn'),
      readOnly: true,
    },
    finished_at: {
      type: 'datetime',
      column: billingRuns.finishedAt,
      label: text('Finished', 'Dokončen'),
      readOnly: true,
      nullable: true,
    },
  },
  sortFields: ['id', 'month', 'state', 'created_at'],
  filterFields: ['state', 'month'],
  defaultSort: ['-id'],
  authorizeWrite: ({ operation }) => (operation === 'create' ? undefined : RUN_IMMUTABLE),
  guardWrite: oneRunPerMonth,
  afterCreate: ({ db, id }) => startRun(db, id),
});

/**
 * Invoices and billing runs (issue #15 "Preview, runs and invoices"), both gated by
 * `BILLING`.
 *
 * Choice values (value — English / Czech):
 * - invoice `state`: `draft` — Draft / Koncept; `issued` — Issued / Vystavená;
 *   `cancelled` — Cancelled / Stornovaná
 * - run `state`: `running` — Running / Probíhá; `done` — Done / Dokončen;
 *   `cancelled` — Cancelled / Zrušen
 *
 * Rules: invoices are made by billing runs (POST refused); only a draft's `note` may be
 * changed and only a draft deleted: an issued or cancelled invoice is immutable (403 with
 * the reason; a correction is a cancellation and a new invoice). State changes are
 * `POST /invoices/{id}/issue/` and `/cancel/` (`billing/invoices/routes.ts`). A run's
 * `month` is the first day of a month; creating a run plans and enqueues it
 * (`billing/runs/plan.ts`); a run is never edited or deleted, only cancelled.
 */
import { billingRuns, invoices } from '../../db/schema';
import { text } from '../../i18n/text';
import { planRun } from '../../billing/runs/plan';
import { defineResource, idField, type FieldDefinition } from '../engine';
import type { DecimalField } from '../engine/types';

export const INVOICE_STATES = [
  { value: 'draft', label: text('Draft', 'Koncept') },
  { value: 'issued', label: text('Issued', 'Vystavená') },
  { value: 'cancelled', label: text('Cancelled', 'Stornovaná') },
] as const;

export const RUN_STATES = [
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

/** The invoice dialog's sections (issue 17: fields grouped from the declaration). */
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
  titleField: 'variable_symbol',
  titleFields: ['number', 'variable_symbol'],
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
  // What a clerk reads first, the amounts among them (issue 17); the rest in the column
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
  ],
  filterFields: ['state', 'contract', 'customer', 'period_from', 'period_to'],
  rangeFields: ['period_from', 'period_to', 'issue_date', 'due_date'],
  ordering: ['-id'],
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
      validators: [(value) => (String(value).endsWith('-01') ? undefined : FIRST_OF_MONTH)],
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
  ordering: ['-id'],
  authorizeWrite: ({ operation }) => (operation === 'create' ? undefined : RUN_IMMUTABLE),
  afterCreate: ({ db, id }) => planRun(db, id),
});

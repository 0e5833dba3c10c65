/**
 * Payments on a contract (docs/product.md §3 Contract payments; docs/billing.md "Payments"),
 * gated by their own privilege `PAYMENTS` (not `CONTRACTS`: who edits contracts need not
 * record money).
 *
 * Choice values (value — English / Czech):
 * - payment `type`: `advance` — Advance payment / Záloha; `invoice` — Invoice payment /
 *   Úhrada faktury; `refund` — Refund of overpayment / Vrácení přeplatku;
 *   `penalty` — Late payment interest / Úrok z prodlení
 *
 * Rules: `amount` is more than zero and at most the ceiling `JOULE_PAYMENT_MAX` (CZK);
 * money paid back to the customer is a payment of type `refund`, never a negative amount.
 * `invoice` (optional) is the issued invoice of the same contract the payment settles; only
 * an `invoice` payment (the customer paid it) or a `refund` (its overpayment or credit paid
 * out) settles an invoice. What an invoice has been paid (`paid_amount`, `payment_state`)
 * follows its payments in the same transaction (a trigger, docs/billing.md "Standing").
 */
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { paymentMax, PAYMENT_MIN } from '../../billing';
import { incomingPayments, invoices, payments } from '../../db/schema';
import type { FieldErrors } from '../../http/errors';
import { messages } from '../../i18n/messages';
import { text } from '../../i18n/text';
import { defineResource, idField, type FieldDefinition } from '../engine';
import { allRules, resulting } from '../rules';

export const PAYMENT_TYPES = [
  { value: 'advance', label: text('Advance payment', 'Záloha') },
  { value: 'invoice', label: text('Invoice payment', 'Úhrada faktury') },
  { value: 'refund', label: text('Refund of overpayment', 'Vrácení přeplatku') },
  { value: 'penalty', label: text('Late payment interest', 'Úrok z prodlení') },
] as const;

/** The payment types that settle an invoice. */
export const SETTLING_TYPES: readonly string[] = ['invoice', 'refund'];

/** The privilege of payments and bank statements (docs/billing.md "Payments"). */
export const PAYMENTS_PRIVILEGE = 'PAYMENTS';

const OTHER_CONTRACT = text(
  'The invoice must belong to the payment’s contract.',
  'Faktura musí patřit ke smlouvě platby.',
);
const NOT_ISSUED = text(
  'Only an issued invoice can be paid.',
  'Uhradit lze jen vystavenou fakturu.',
);
const NOT_SETTLING = text(
  'Only an invoice payment or a refund settles an invoice.',
  'Fakturu vyrovnává jen úhrada faktury nebo vrácení přeplatku.',
);

/** The amount's ceiling rule: at most `JOULE_PAYMENT_MAX`, as DRF words `max_value`. */
function ceilingRule(context: { values: Readonly<Record<string, unknown>> }) {
  const amount = context.values.amount;
  if (amount === undefined || amount === null) return undefined;
  const max = paymentMax();
  return new Decimal(String(amount)).gt(max)
    ? { amount: [messages.maxValue(max.toFixed(2))] }
    : undefined;
}

/** `/api/v1/payments/`, gated by `PAYMENTS`. */
export const paymentsResource = defineResource({
  name: 'payments',
  component: 'Payment',
  privilege: PAYMENTS_PRIVILEGE,
  table: payments,
  labels: {
    singular: text('Payment', 'Platba'),
    plural: text('Payments', 'Platby'),
    create: text('New payment', 'Nová platba'),
  },
  titleField: 'ts',
  // "Záloha 1 500,00 1. 3. 2025", never "Platby: 3" (docs/product.md).
  titleFields: ['type', 'amount', 'ts'],
  parent: 'contract',
  fields: {
    id: idField(payments.id),
    contract: {
      type: 'field',
      reference: 'contracts',
      column: payments.contract,
      label: text('Contract', 'Smlouva'),
      required: true,
    },
    type: {
      type: 'choice',
      column: payments.type,
      label: text('Type', 'Typ'),
      choices: PAYMENT_TYPES,
      required: true,
    },
    amount: {
      type: 'decimal',
      column: payments.amount,
      label: text('Amount', 'Částka'),
      helpText: text(
        'More than zero; money paid back is a refund.',
        'Větší než nula; vrácené peníze jsou vrácení přeplatku.',
      ),
      unit: 'CZK',
      required: true,
      maxDigits: 12,
      decimalPlaces: 2,
      minValue: Number(PAYMENT_MIN),
    },
    ts: { type: 'date', column: payments.ts, label: text('Date', 'Datum'), required: true },
    invoice: {
      type: 'field',
      reference: 'invoices',
      column: payments.invoice,
      label: text('Settles invoice', 'Hradí fakturu'),
      nullable: true,
      pickAmong: { contract: 'contract' },
    },
  },
  sortFields: ['id', 'contract', 'type', 'amount', 'ts', 'invoice'],
  filterFields: ['contract', 'type', 'ts', 'invoice'],
  listedIn: ['contract', 'invoice'],
  defaultSort: ['-ts'],
  validate: allRules(ceilingRule, async (context) => {
    const invoice = resulting(context, 'invoice');
    if (typeof invoice !== 'number') return undefined;
    const errors: FieldErrors = {};
    const changed = context.values.invoice !== undefined;
    if (!SETTLING_TYPES.includes(String(resulting(context, 'type')))) errors.type = [NOT_SETTLING];
    const [row] = await context.db
      .select({ contract: invoices.contract, state: invoices.state })
      .from(invoices)
      .where(eq(invoices.id, invoice));
    if (row && row.contract !== resulting(context, 'contract')) errors.invoice = [OTHER_CONTRACT];
    else if (row && changed && row.state !== 'issued') errors.invoice = [NOT_ISSUED];
    return Object.keys(errors).length > 0 ? errors : undefined;
  }),
});

/** The states of a credit read from a bank statement (docs/billing.md "Bank statements"). */
export const INCOMING_STATES = [
  { value: 'unmatched', label: text('Unmatched', 'Nespárovaná') },
  { value: 'matched', label: text('Matched', 'Spárovaná') },
  { value: 'assigned', label: text('Assigned', 'Přiřazená') },
] as const;

/** Why an incoming payment is not written through the generic API. */
const FROM_STATEMENTS = text(
  'Incoming payments come from bank statements; assign an unmatched one instead.',
  'Příchozí platby vznikají z bankovních výpisů; nespárovanou platbu přiřaďte.',
);

const readOnlyText = (
  column: FieldDefinition['column'],
  label: ReturnType<typeof text>,
  maxLength: number,
) => ({ type: 'string', column, label, readOnly: true, maxLength }) as const;

/**
 * `/api/v1/incoming-payments/`, gated by `PAYMENTS`: the credits of imported bank statements
 * (`POST /incoming-payments/import/`), the unmatched ones waiting to be assigned
 * (`POST /incoming-payments/{id}/assign/`); see `billing/payments/routes.ts`. Read-only
 * through the generic API.
 */
export const incomingPaymentsResource = defineResource({
  name: 'incoming-payments',
  component: 'IncomingPayment',
  privilege: PAYMENTS_PRIVILEGE,
  table: incomingPayments,
  labels: {
    singular: text('Incoming payment', 'Příchozí platba'),
    plural: text('Incoming payments', 'Příchozí platby'),
    create: text('New incoming payment', 'Nová příchozí platba'),
  },
  description: text(
    'Credits of imported bank statements: matched to invoices by variable symbol, or waiting to be assigned.',
    'Připsané platby z importovaných výpisů: spárované s fakturami podle variabilního symbolu, nebo čekající na přiřazení.',
  ),
  titleField: 'reference',
  titleFields: ['booking_date', 'amount', 'counterparty_name'],
  fields: {
    id: idField(incomingPayments.id),
    booking_date: {
      type: 'date',
      column: incomingPayments.bookingDate,
      label: text('Booked', 'Zaúčtováno'),
      readOnly: true,
    },
    amount: {
      type: 'decimal',
      column: incomingPayments.amount,
      label: text('Amount', 'Částka'),
      unit: 'CZK',
      readOnly: true,
      maxDigits: 14,
      decimalPlaces: 2,
    },
    variable_symbol: readOnlyText(
      incomingPayments.variableSymbol,
      text('Variable symbol', 'Variabilní symbol'),
      10,
    ),
    counterparty_name: readOnlyText(
      incomingPayments.counterpartyName,
      text('Payer', 'Plátce'),
      140,
    ),
    counterparty_account: readOnlyText(
      incomingPayments.counterpartyAccount,
      text('Payer’s account', 'Účet plátce'),
      60,
    ),
    message: readOnlyText(incomingPayments.message, text('Message', 'Zpráva'), 300),
    state: {
      type: 'choice',
      column: incomingPayments.state,
      label: text('State', 'Stav'),
      choices: INCOMING_STATES,
      readOnly: true,
    },
    invoice: {
      type: 'field',
      reference: 'invoices',
      column: incomingPayments.invoice,
      label: text('Invoice', 'Faktura'),
      readOnly: true,
      nullable: true,
    },
    contract: {
      type: 'field',
      reference: 'contracts',
      column: incomingPayments.contract,
      label: text('Contract', 'Smlouva'),
      readOnly: true,
      nullable: true,
    },
    payment: {
      type: 'field',
      reference: 'payments',
      column: incomingPayments.payment,
      label: text('Payment', 'Platba'),
      readOnly: true,
      nullable: true,
    },
    reference: readOnlyText(
      incomingPayments.reference,
      text('Bank reference', 'Reference banky'),
      100,
    ),
    account: readOnlyText(incomingPayments.account, text('Account', 'Účet'), 34),
    statement: readOnlyText(incomingPayments.statement, text('Statement', 'Výpis'), 100),
    imported_at: {
      type: 'datetime',
      column: incomingPayments.importedAt,
      label: text('Imported', 'Importováno'),
      readOnly: true,
    },
  },
  listFields: [
    'booking_date',
    'amount',
    'variable_symbol',
    'counterparty_name',
    'message',
    'state',
    'invoice',
    'contract',
  ],
  searchFields: ['variable_symbol', 'counterparty_name', 'message', 'reference'],
  sortFields: ['id', 'booking_date', 'amount', 'variable_symbol', 'state', 'imported_at'],
  filterFields: ['state', 'invoice', 'contract', 'variable_symbol', 'statement'],
  rangeFields: ['booking_date', 'amount'],
  listedIn: ['invoice'],
  defaultSort: ['-booking_date'],
  authorizeWrite: () => FROM_STATEMENTS,
});

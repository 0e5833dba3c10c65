import { defineMessages } from 'react-intl';

/** Messages of the invoice dialog's lines panel (`invoice-panel.tsx`). */
export const invoiceMessages = defineMessages({
  point: { id: 'overrides.invoices.point', defaultMessage: 'Point (EAN)' },
  segment: { id: 'overrides.invoices.segment', defaultMessage: 'Segment' },
  segmentDays: { id: 'overrides.invoices.segmentDays', defaultMessage: '{from} – {last}' },
  item: { id: 'overrides.invoices.item', defaultMessage: 'Item' },
  quantity: { id: 'overrides.invoices.quantity', defaultMessage: 'Quantity' },
  unitPrice: { id: 'overrides.invoices.unitPrice', defaultMessage: 'Unit price' },
  amount: { id: 'overrides.invoices.amount', defaultMessage: 'Amount (CZK)' },
  noLines: { id: 'overrides.invoices.noLines', defaultMessage: 'The invoice has no lines.' },
  issue: { id: 'overrides.invoices.issue', defaultMessage: 'Issue' },
  cancel: { id: 'overrides.invoices.cancel', defaultMessage: 'Cancel invoice' },
  cancelConfirm: {
    id: 'overrides.invoices.cancelConfirm',
    defaultMessage:
      'Cancel invoice {number}? A cancelled invoice stays on record and cannot be issued again; a correction is a new invoice.',
  },
  keep: { id: 'overrides.invoices.keep', defaultMessage: 'Keep it' },
  pdf: { id: 'overrides.invoices.pdf', defaultMessage: 'Download PDF' },
  issueConfirm: {
    id: 'overrides.invoices.issueConfirm',
    defaultMessage:
      'Issue this invoice? It will take the number {number} and can no longer be changed or deleted, only cancelled.',
  },
  notYet: { id: 'overrides.invoices.notYet', defaultMessage: 'Not now' },
  issued: { id: 'overrides.invoices.issued', defaultMessage: 'Invoice {number} issued.' },
  cancelled: { id: 'overrides.invoices.cancelled', defaultMessage: 'Invoice {number} cancelled.' },
  send: { id: 'overrides.invoices.send', defaultMessage: 'Send' },
  sendAgain: { id: 'overrides.invoices.sendAgain', defaultMessage: 'Send again' },
  sent: { id: 'overrides.invoices.sent', defaultMessage: 'Invoice {number} sent to {to}.' },
  alreadySent: {
    id: 'overrides.invoices.alreadySent',
    defaultMessage: 'Invoice {number} was already sent to {to}.',
  },
  downloaded: {
    id: 'overrides.invoices.downloaded',
    defaultMessage: 'Invoice {number} downloaded.',
  },
  failed: { id: 'overrides.invoices.failed', defaultMessage: 'Invoice {number}: {reason}' },
  stateDraft: { id: 'overrides.invoices.stateDraft', defaultMessage: 'Draft' },
  stateIssued: { id: 'overrides.invoices.stateIssued', defaultMessage: 'Issued' },
  stateCancelled: { id: 'overrides.invoices.stateCancelled', defaultMessage: 'Cancelled' },
  base: { id: 'overrides.invoices.base', defaultMessage: 'Base without VAT' },
  vat: { id: 'overrides.invoices.vat', defaultMessage: 'VAT {rate} %' },
  production: { id: 'overrides.invoices.production', defaultMessage: 'Production bought' },
  total: { id: 'overrides.invoices.total', defaultMessage: 'Total' },
  advances: { id: 'overrides.invoices.advances', defaultMessage: 'Advances paid' },
  amountDue: { id: 'overrides.invoices.amountDue', defaultMessage: 'Amount due' },
  unitMWh: { id: 'overrides.invoices.unitMWh', defaultMessage: 'MWh' },
  unitMonth: { id: 'overrides.invoices.unitMonth', defaultMessage: 'month' },
  unitAMonth: { id: 'overrides.invoices.unitAMonth', defaultMessage: 'A·month' },
  perUnit: { id: 'overrides.invoices.perUnit', defaultMessage: 'CZK/{unit}' },
});

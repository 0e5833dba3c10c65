import { defineMessages } from 'react-intl';

/** Messages of the invoice dialog's lines panel (`invoice-panel.tsx`). */
export const invoiceMessages = defineMessages({
  point: { id: 'overrides.invoices.point', defaultMessage: 'Point (EAN)' },
  segment: { id: 'overrides.invoices.segment', defaultMessage: 'Segment' },
  segmentDays: { id: 'overrides.invoices.segmentDays', defaultMessage: '{from} – {last}' },
  item: { id: 'overrides.invoices.item', defaultMessage: 'Item' },
  quantity: { id: 'overrides.invoices.quantity', defaultMessage: 'Quantity' },
  unitPrice: { id: 'overrides.invoices.unitPrice', defaultMessage: 'Unit price (CZK)' },
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
});

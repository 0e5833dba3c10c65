/**
 * Invoices (docs/billing.md "Invoices"): the dialog is titled by the invoice's number (a
 * draft by its contract and month), an issued or cancelled invoice is read-only (no Save,
 * no Delete), and its panel shows the state, the actions the state allows and the lines
 * (`invoice-panel.tsx`).
 */
import {
  lazyComponent,
  type FormAccess,
  type FormAccessContext,
  type ResourceOverride,
} from '../../src/resources';
import { defineMessages, useIntl } from 'react-intl';

/** The panel's title (its other texts, in messages.ts, load with the panel). */
const panelMessages = defineMessages({
  lines: { id: 'overrides.invoices.lines', defaultMessage: 'Lines' },
  title: { id: 'overrides.invoices.title', defaultMessage: 'Invoice {number}' },
  draftTitle: {
    id: 'overrides.invoices.draftTitle',
    defaultMessage: 'Draft invoice for {contract}, {month}',
  },
});

const EDITABLE: FormAccess = {};
// The state shows as the panel's badge; an issued invoice is a tax document, not a form.
const READ_ONLY: FormAccess = { readOnly: true, uiSchema: { state: { 'ui:widget': 'hidden' } } };
const DRAFT: FormAccess = { uiSchema: { state: { 'ui:widget': 'hidden' } } };

/** A draft may change its note or go; an issued or cancelled invoice is read-only. */
function useInvoiceAccess({ id, row }: FormAccessContext): FormAccess {
  if (id === null || row.state === undefined) return EDITABLE;
  return row.state === 'draft' ? DRAFT : READ_ONLY;
}

/** "Invoice 2026000001"; a draft: "Draft invoice for S-2023-0007, December 2025". */
function useInvoiceTitle({ row }: FormAccessContext): string | undefined {
  const intl = useIntl();
  if (typeof row.number === 'string' && row.number)
    return intl.formatMessage(panelMessages.title, { number: row.number });
  if (row.state !== 'draft' || typeof row.period_from !== 'string') return undefined;
  const month = intl.formatDate(new Date(`${row.period_from}T00:00:00Z`), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const contract = typeof row.contract_title === 'string' ? row.contract_title : '';
  return intl.formatMessage(panelMessages.draftTitle, { contract, month });
}

/** The invoices override: the lines panel; its code loads when a dialog first shows it. */
export const invoicesOverride: ResourceOverride = {
  useFormAccess: useInvoiceAccess,
  useDialogTitle: useInvoiceTitle,
  panels: [
    {
      id: 'invoice-lines',
      title: panelMessages.lines.id,
      component: lazyComponent(() =>
        import('./invoice-panel').then((module) => module.InvoicePanel),
      ),
    },
  ],
  // `?overdue=true` (docs/billing.md "Standing"), shown when the back-end publishes it.
  listFilters: [
    {
      param: 'overdue',
      component: lazyComponent(() =>
        import('./overdue-filter').then((module) => module.OverdueFilter),
      ),
    },
  ],
};

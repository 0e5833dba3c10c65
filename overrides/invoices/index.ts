/**
 * Invoices (issue #15 "Invoices"): the dialog lists the invoice's lines per point and
 * segment (`GET /invoices/{id}/lines/`), moves it draft → issued → cancelled
 * (`POST /invoices/{id}/issue/`, `/cancel/`) and downloads it as a PDF in the UI's
 * language (`GET /invoices/{id}/pdf/?lang=`).
 */
import { lazyComponent, type ResourceOverride } from '../../src/resources';
import { defineMessages } from 'react-intl';

/** The panel's title (its other texts, in messages.ts, load with the panel). */
const panelMessages = defineMessages({
  lines: { id: 'overrides.invoices.lines', defaultMessage: 'Lines' },
});

/** The invoices override: the lines panel; its code loads when a dialog first shows it. */
export const invoicesOverride: ResourceOverride = {
  panels: [
    {
      id: 'invoice-lines',
      title: panelMessages.lines.id,
      component: lazyComponent(() =>
        import('./invoice-panel').then((module) => module.InvoicePanel),
      ),
    },
  ],
};

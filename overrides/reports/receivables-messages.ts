/** Messages of the receivables report (ids in its folder's cs.json and en.json). */
import { defineMessages } from 'react-intl';

export const receivablesMessages = defineMessages({
  tab: { id: 'overrides.reports.receivables', defaultMessage: 'Receivables' },
  help: {
    id: 'overrides.reports.receivablesHelp',
    defaultMessage:
      'Issued invoices past their due date and not paid in full on {date}, with what is still owed, by days overdue.',
  },
  bucket: { id: 'overrides.reports.receivablesBucket', defaultMessage: 'Days overdue' },
  invoices: { id: 'overrides.reports.receivablesInvoices', defaultMessage: 'Invoices' },
  owed: { id: 'overrides.reports.receivablesOwed', defaultMessage: 'Still owed (CZK)' },
  total: { id: 'overrides.reports.receivablesTotal', defaultMessage: 'Total' },
  chart: {
    id: 'overrides.reports.receivablesChart',
    defaultMessage: 'Still owed by days overdue',
  },
  over90: { id: 'overrides.reports.receivablesOver90', defaultMessage: 'over 90' },
  invoice: { id: 'overrides.reports.receivablesInvoice', defaultMessage: 'Invoice' },
  customer: { id: 'overrides.reports.receivablesCustomer', defaultMessage: 'Customer' },
  contract: { id: 'overrides.reports.receivablesContract', defaultMessage: 'Contract' },
  dueDate: { id: 'overrides.reports.receivablesDueDate', defaultMessage: 'Due date' },
  days: { id: 'overrides.reports.receivablesDays', defaultMessage: 'Days overdue' },
  amountDue: { id: 'overrides.reports.receivablesAmountDue', defaultMessage: 'Amount due (CZK)' },
  paid: { id: 'overrides.reports.receivablesPaid', defaultMessage: 'Paid (CZK)' },
  none: { id: 'overrides.reports.receivablesNone', defaultMessage: 'No invoice is overdue.' },
  count: {
    id: 'overrides.reports.receivablesCount',
    defaultMessage: '{count, plural, one {# overdue invoice} other {# overdue invoices}}',
  },
});

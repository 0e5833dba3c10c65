import { defineMessages } from 'react-intl';

/** Messages of the billing run dialog's progress panel (`run-panel.tsx`). */
export const runMessages = defineMessages({
  counts: {
    id: 'overrides.billingRuns.counts',
    defaultMessage:
      'Done {done} of {total} (invoiced {invoiced}, already invoiced {skipped}) · failed {failed} · remaining {remaining}',
  },
  cancel: { id: 'overrides.billingRuns.cancel', defaultMessage: 'Cancel the run' },
  failures: { id: 'overrides.billingRuns.failures', defaultMessage: 'Could not be billed' },
  period: {
    id: 'overrides.billingRuns.period',
    defaultMessage: '{from} – {last}',
  },
  moreFailures: {
    id: 'overrides.billingRuns.moreFailures',
    defaultMessage:
      '{count, plural, one {# more contract} other {# more contracts}} could not be billed (the first {shown} are listed).',
  },
  send: {
    id: 'overrides.billingRuns.send',
    defaultMessage:
      'Send {count, plural, one {# issued invoice} other {# issued invoices}} by e-mail',
  },
  sent: { id: 'overrides.billingRuns.sent', defaultMessage: 'Invoices sent: {sent} of {issued}' },
  withoutEmail: {
    id: 'overrides.billingRuns.withoutEmail',
    defaultMessage:
      '{count, plural, one {# customer has} other {# customers have}} no e-mail for documents',
  },
  sendingProgress: { id: 'overrides.billingRuns.sendingProgress', defaultMessage: 'Sending' },
  sendFailed: {
    id: 'overrides.billingRuns.sendFailed',
    defaultMessage: 'The invoices could not be sent: {detail}',
  },
  ended: {
    id: 'overrides.billingRuns.ended',
    defaultMessage:
      'Billing run #{id} is done: {invoiced} invoiced, {failed, plural, =0 {none failed} one {# could not be billed} other {# could not be billed}}.',
  },
  endedCancelled: {
    id: 'overrides.billingRuns.endedCancelled',
    defaultMessage: 'Billing run #{id} was cancelled ({invoiced} invoiced).',
  },
  cancelFailed: {
    id: 'overrides.billingRuns.cancelFailed',
    defaultMessage: 'The run could not be cancelled: {detail}',
  },
});

/**
 * The contract dialog's payments with a running balance in CZK (docs/product.md): the
 * generic related list of payments (newest first, paged, "New payment", each row opening
 * its dialog) with a "Balance after" column, and the balance after all payments above it.
 * The balance reads every payment of the contract (a contract has tens, not thousands) and
 * is recomputed whenever a payment is saved (the runtime invalidates the payments' queries),
 * so a new payment shows its balance without a reload. The panel's body
 * (`contract-payments.tsx`, with decimal.js) loads when a contract dialog first shows it.
 */
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from '@blueprintjs/core';
import type { ResourceDescriptor, ResourcePanel, ResourcePanelProps } from '../../src/resources';
import { paymentMessages } from './payment-messages';

/** The child resource whose related list the panel replaces. */
export const PAYMENTS = 'payments';
/** The computed column's name. */
export const BALANCE_COLUMN = 'balance_after';

/** Whether the back-end's payments carry what the balance reads (date, type and amount). */
export function hasPaymentAmounts(
  descriptorsByName: Readonly<Record<string, ResourceDescriptor>>,
): boolean {
  const fields = descriptorsByName[PAYMENTS]?.fields ?? [];
  const kind = (name: string) => fields.find((field) => field.name === name)?.kind;
  return kind('ts') === 'date' && kind('amount') === 'decimal' && kind('type') === 'choice';
}

const Body = lazy(async () => ({
  default: (await import('./contract-payments')).ContractPayments,
}));

function LazyContractPayments(props: ResourcePanelProps) {
  const intl = useIntl();
  return (
    <Suspense
      fallback={<Spinner size={16} aria-label={intl.formatMessage(paymentMessages.loading)} />}
    >
      <Body {...props} />
    </Suspense>
  );
}

/** The panel, for `contractsOverride.panels`. */
export const contractPaymentsPanel: ResourcePanel = {
  id: 'payments',
  title: paymentMessages.title.id,
  replaces: PAYMENTS,
  available: hasPaymentAmounts,
  component: LazyContractPayments,
};

/** Messages of the contract's payments panel (ids in locales/overrides/cs.json and en.json). */
import { defineMessages } from 'react-intl';

/** Messages of the contract's payments panel. */
export const paymentMessages = defineMessages({
  title: { id: 'overrides.contracts.payments', defaultMessage: 'Payments' },
  balance: { id: 'overrides.contracts.balance', defaultMessage: 'Balance: {amount}' },
  balanceAfter: { id: 'overrides.contracts.balanceAfter', defaultMessage: 'Balance after' },
  loading: { id: 'overrides.contracts.balanceLoading', defaultMessage: 'Computing the balance' },
  failed: {
    id: 'overrides.contracts.balanceFailed',
    defaultMessage: 'The balance could not be computed.',
  },
});

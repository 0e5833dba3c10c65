/** Messages of the contract's payments panel (ids in overrides/contracts/cs.json and en.json). */
import { defineMessages } from 'react-intl';

/** Messages of the contract's payments panel. */
export const paymentMessages = defineMessages({
  title: { id: 'overrides.contracts.payments', defaultMessage: 'Payments' },
  loading: { id: 'overrides.contracts.balanceLoading', defaultMessage: 'Computing the balance' },
});

/**
 * Messages of the contract's payments with their balance (`contract-payments.tsx`, loaded on
 * first use), apart from `payment-messages.ts`, which the registry loads with every list
 * page: their texts load with that code (its folder's cs.json, en.json).
 */
import { defineMessages } from 'react-intl';

/** The running balance of a contract's payments. */
export const balanceMessages = defineMessages({
  balance: { id: 'overrides.contracts.balance', defaultMessage: 'Balance: {amount}' },
  balanceAfter: { id: 'overrides.contracts.balanceAfter', defaultMessage: 'Balance after' },
  failed: {
    id: 'overrides.contracts.balanceFailed',
    defaultMessage: 'The balance could not be computed.',
  },
});

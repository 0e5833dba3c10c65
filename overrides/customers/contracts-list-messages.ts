/**
 * Messages of the customer dialog's contracts list (`contracts-list.tsx`, loaded on first
 * use): apart from `messages.ts`, which the registry loads with every list page, so that
 * their texts load with that code (its folder's cs.json, en.json).
 */
import { defineMessages } from 'react-intl';

/** The "Validity" column of a customer's contracts. */
export const validityMessages = defineMessages({
  validity: { id: 'overrides.customers.validity', defaultMessage: 'Validity' },
  validRange: {
    id: 'overrides.customers.validRange',
    defaultMessage: '{from} – {to}',
  },
  validOpen: { id: 'overrides.customers.validOpen', defaultMessage: 'from {from}' },
  inForce: { id: 'overrides.customers.inForce', defaultMessage: 'in force' },
  ended: { id: 'overrides.customers.ended', defaultMessage: 'ended' },
  upcoming: { id: 'overrides.customers.upcoming', defaultMessage: 'not yet in force' },
});

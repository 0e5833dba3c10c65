/** Messages of the customers override. */
import { defineMessages } from 'react-intl';

export const customerMessages = defineMessages({
  phoneFormat: {
    id: 'overrides.customers.phoneFormat',
    defaultMessage: 'Enter a valid phone number, e.g. +420 777 123 456.',
  },
  name: { id: 'overrides.customers.name', defaultMessage: 'Name' },
  contracts: { id: 'overrides.customers.contracts', defaultMessage: 'Contracts' },
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

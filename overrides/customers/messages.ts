/** Messages of the customers override. */
import { defineMessages } from 'react-intl';

export const customerMessages = defineMessages({
  phoneFormat: {
    id: 'overrides.customers.phoneFormat',
    defaultMessage: 'Enter a valid phone number, e.g. +420 777 123 456.',
  },
  name: { id: 'overrides.customers.name', defaultMessage: 'Name' },
  contracts: { id: 'overrides.customers.contracts', defaultMessage: 'Contracts' },
  privacy: { id: 'overrides.customers.privacy', defaultMessage: 'Personal data' },
});

/**
 * Messages of the customer dialog's "Personal data" panel (`privacy-panel.tsx`, loaded on
 * first use), apart from `messages.ts` so that they load with its code.
 */
import { defineMessages } from 'react-intl';

export const privacyMessages = defineMessages({
  exportJson: {
    id: 'overrides.customers.privacy.exportJson',
    defaultMessage: 'Export personal data (JSON)',
  },
  exportPdf: {
    id: 'overrides.customers.privacy.exportPdf',
    defaultMessage: 'Export personal data (PDF)',
  },
  anonymise: { id: 'overrides.customers.privacy.anonymise', defaultMessage: 'Anonymise' },
  keep: { id: 'overrides.customers.privacy.keep', defaultMessage: 'Keep the data' },
  confirm: {
    id: 'overrides.customers.privacy.confirm',
    defaultMessage:
      'Anonymise {name}? Their names, contact data and addresses will be replaced for good; numbers and amounts stay. This cannot be undone.',
  },
  done: {
    id: 'overrides.customers.privacy.done',
    defaultMessage: 'The customer has been anonymised.',
  },
  onlyPerson: {
    id: 'overrides.customers.privacy.onlyPerson',
    defaultMessage: 'Only a customer who is a person has personal data to export or anonymise.',
  },
});

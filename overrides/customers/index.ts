/**
 * Customers (SPEC §3 "Customer"): the phone number's pattern error names an example,
 * 'Zadejte platné telefonní číslo, např. +420 777 123 456.', as the API's own 400 message
 * does, instead of the runtime's generic "not in the expected format". Set as
 * `ui:options.patternMessageId` of the field, which the form's validation reads.
 */
import { defineMessages } from 'react-intl';
import type { ResourceDescriptor, ResourceOverride } from '../../src/resources';

/** Messages of the customers override. */
export const customerMessages = defineMessages({
  phoneFormat: {
    id: 'overrides.customers.phoneFormat',
    defaultMessage: 'Enter a valid phone number, e.g. +420 777 123 456.',
  },
});

const PHONE = 'phone';

type Ui = Readonly<Record<string, unknown>>;

/** Returns the descriptor with the phone's pattern message id set in its uiSchema. */
export function withPhoneMessage(descriptor: ResourceDescriptor): ResourceDescriptor {
  if (!descriptor.fields.some((field) => field.name === PHONE)) return descriptor;
  const field = (descriptor.uiSchema[PHONE] ?? {}) as Ui;
  const options = (field['ui:options'] ?? {}) as Ui;
  return {
    ...descriptor,
    uiSchema: {
      ...descriptor.uiSchema,
      [PHONE]: {
        ...field,
        'ui:options': { ...options, patternMessageId: customerMessages.phoneFormat.id },
      },
    },
  };
}

/** The customers override. */
export const customersOverride: ResourceOverride = { descriptor: withPhoneMessage };

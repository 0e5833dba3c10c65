import { describe, expect, it } from 'vitest';
import { fieldModel } from '../test-support/builders';
import type { FieldModel } from './field-model';
import { uiSchema, widgetOf, type WidgetName } from './ui-schema';

describe.each<[string, { given: FieldModel; want: WidgetName | undefined }]>([
  ['string', { given: fieldModel({ name: 'name' }), want: 'text' }],
  ['text', { given: fieldModel({ name: 'note', kind: 'text' }), want: 'textarea' }],
  ['password', { given: fieldModel({ name: 'password', writeOnly: true }), want: 'password' }],
  [
    'new_password as text kind',
    { given: fieldModel({ name: 'new_password', kind: 'text' }), want: 'password' },
  ],
  ['email', { given: fieldModel({ name: 'e', kind: 'email' }), want: 'email' }],
  ['integer', { given: fieldModel({ name: 'i', kind: 'integer' }), want: 'text' }],
  ['decimal', { given: fieldModel({ name: 'd', kind: 'decimal' }), want: 'decimal' }],
  ['date', { given: fieldModel({ name: 'd', kind: 'date' }), want: 'date' }],
  ['datetime', { given: fieldModel({ name: 'd', kind: 'datetime' }), want: 'datetime' }],
  ['boolean', { given: fieldModel({ name: 'b', kind: 'boolean' }), want: 'checkbox' }],
  ['choice', { given: fieldModel({ name: 'c', kind: 'choice' }), want: 'select' }],
  ['reference', { given: fieldModel({ name: 'r', kind: 'reference' }), want: 'reference' }],
  [
    'list of references',
    { given: fieldModel({ name: 'r', kind: 'list', itemKind: 'reference' }), want: 'references' },
  ],
  [
    'list of choices',
    { given: fieldModel({ name: 'r', kind: 'list', itemKind: 'choice' }), want: 'select' },
  ],
  [
    'list of strings: rjsf decides',
    { given: fieldModel({ name: 'r', kind: 'list', itemKind: 'string' }), want: undefined },
  ],
  ['object: rjsf decides', { given: fieldModel({ name: 'o', kind: 'object' }), want: undefined }],
])('%s', (_name, { given, want }) => {
  it(`widget ${String(want)}`, () => expect(widgetOf(given)).toBe(want));
});

describe('uiSchema', () => {
  it('orders writable fields and passes label ids, references and choices', () => {
    const choices = [{ value: 'a', label: 'resource.things.field.state.choice.a' }];
    expect(
      uiSchema([
        fieldModel({ name: 'id', kind: 'integer', readOnly: true }),
        fieldModel({ name: 'customer', kind: 'reference', reference: 'customers' }),
        fieldModel({ name: 'state', kind: 'choice', choices }),
        fieldModel({ name: 'address', kind: 'object', fields: [fieldModel({ name: 'city' })] }),
      ]),
    ).toEqual({
      'ui:order': ['customer', 'state', 'address'],
      customer: {
        'ui:options': { labelId: 'resource.things.field.customer.label', reference: 'customers' },
      },
      state: {
        'ui:options': { labelId: 'resource.things.field.state.label', choices },
      },
      address: {
        'ui:options': { labelId: 'resource.things.field.address.label' },
        'ui:order': ['city'],
        city: {
          'ui:options': { labelId: 'resource.things.field.city.label' },
        },
      },
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import type { FieldDescriptor } from '../descriptor';
import { contracts } from '../test-support/fixtures';
import { buildForm, writableFields } from './form-schema';
import { createErrorTransformer } from './validation';

type Ui = Record<string, Record<string, unknown>>;

describe('buildForm', () => {
  it('keeps writable fields only when creating', () => {
    const { schema, writableFields: fields } = buildForm(contracts, 'create');
    expect(Object.keys(schema.properties as object)).toEqual(fields);
    expect(fields).toEqual(writableFields(contracts));
    expect(fields).not.toContain('created');
  });

  it('adds read-only fields (not the id), disabled and last, when editing', () => {
    const { schema, uiSchema, writableFields: fields } = buildForm(contracts, 'edit');
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.created).toEqual({ type: ['string', 'null'], readOnly: true });
    expect(properties.id).toBeUndefined();
    expect((uiSchema['ui:order'] as string[]).at(-1)).toBe('created');
    expect(fields).not.toContain('created');
  });

  it('hides rjsf submit button; the dialog footer submits', () => {
    expect(buildForm(contracts, 'edit').uiSchema['ui:submitButtonOptions']).toEqual({
      norender: true,
    });
  });

  it.each<[string, Record<string, unknown>]>([
    ['contract_no', { labelId: 'resource.test.field.contract_no.label' }],
    ['customer', { reference: 'customers' }],
    ['price', { decimalPlaces: 2, emptyValue: null }],
    ['state', { choices: contracts.fields[3]?.choices, emptyValue: null }],
  ])('completes the ui:options of %s', (name, want) => {
    const ui = buildForm(contracts, 'edit').uiSchema as Ui;
    expect(ui[name]?.['ui:options']).toMatchObject(want);
  });

  it('keeps what the descriptor says over the defaults', () => {
    const custom = {
      ...contracts,
      uiSchema: {
        ...contracts.uiSchema,
        price: { 'ui:widget': 'text', 'ui:options': { labelId: 'x' } },
      },
    };
    const ui = buildForm(custom, 'edit').uiSchema as Ui;
    expect(ui.price?.['ui:widget']).toBe('text');
    expect(ui.price?.['ui:options']).toMatchObject({ labelId: 'x' });
  });

  it.each<[string, string]>([
    ['contract_no', 'text'],
    ['customer', 'reference'],
    ['state', 'select'],
    ['valid_from', 'date'],
    ['price', 'decimal'],
    ['is_active', 'checkbox'],
    ['products', 'references'],
    ['created', 'datetime'],
  ])('gives %s the widget codegen chose for it (%s)', (name, widget) => {
    const ui = buildForm(contracts, 'edit').uiSchema as Ui;
    expect(ui[name]?.['ui:widget']).toBe(widget);
  });

  it('uses a widget a descriptor change names, and none where the field has none', () => {
    const custom = {
      ...contracts,
      fields: contracts.fields.map((field) =>
        field.name === 'is_active'
          ? { ...field, widget: 'switch' }
          : field.name === 'price'
            ? { ...field, widget: undefined }
            : field,
      ),
    };
    const ui = buildForm(custom, 'edit').uiSchema as Ui;
    expect(ui.is_active?.['ui:widget']).toBe('switch');
    expect(ui.price?.['ui:widget']).toBeUndefined();
  });

  it("fills the widgets of an object's and a list of objects' fields", () => {
    const city: FieldDescriptor = { ...contracts.fields[1]!, name: 'city', widget: 'text' };
    const object: FieldDescriptor = {
      ...city,
      name: 'address',
      kind: 'object',
      widget: undefined,
      fields: [city],
    };
    const list: FieldDescriptor = { ...object, name: 'stops', kind: 'list', itemKind: 'object' };
    const custom = {
      ...contracts,
      fields: [...contracts.fields, object, list],
      formSchema: {
        type: 'object',
        properties: { address: { type: 'object' }, stops: { type: 'array' } },
      },
      uiSchema: { stops: { items: { city: { 'ui:widget': 'textarea' } } } },
    };
    const ui = buildForm(custom, 'create').uiSchema as Record<string, Ui>;
    expect(ui.address?.city?.['ui:widget']).toBe('text');
    expect(ui.address).not.toHaveProperty('ui:widget');
    const items = ui.stops?.items as Ui | undefined;
    expect(items?.city?.['ui:widget']).toBe('textarea');
  });
});

describe('an optional text field with a format', () => {
  const email: FieldDescriptor = {
    name: 'report_email',
    kind: 'email',
    label: 'resource.test.field.report_email.label',
    required: false,
    readOnly: false,
    nullable: false,
    maxLength: 254,
  };
  const descriptor = {
    ...contracts,
    fields: [...contracts.fields, email],
    formSchema: {
      type: 'object',
      properties: { report_email: { type: 'string', format: 'email', maxLength: 254 } },
    },
  };
  const { schema, uiSchema } = buildForm(descriptor, 'edit');
  const transform = createErrorTransformer((message) => String(message.defaultMessage));
  const errorsOf = (value: unknown) =>
    validator
      .validateFormData(
        { report_email: value },
        schema as RJSFSchema,
        undefined,
        transform,
        uiSchema,
      )
      .errors.map((error) => error.message);

  it('accepts the blank the server sends for it', () => {
    expect(errorsOf('')).toEqual([]);
    expect(errorsOf('fakturace@example.cz')).toEqual([]);
  });

  it('still refuses a value that does not fit, with the one localized message', () => {
    expect(errorsOf('not-an-address')).toEqual(['Enter a valid e-mail address.']);
  });
});

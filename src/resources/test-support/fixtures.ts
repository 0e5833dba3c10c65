/**
 * Descriptors shaped like codegen's output (each field's `widget` as codegen chooses it),
 * for tests: customers, and contracts that reference a customer and several products.
 */
import type { FieldDescriptor, ResourceDescriptor } from '../descriptor';

function field(
  name: string,
  kind: FieldDescriptor['kind'],
  extra: Partial<FieldDescriptor> = {},
): FieldDescriptor {
  return {
    name,
    kind,
    label: `resource.test.field.${name}.label`,
    required: false,
    readOnly: false,
    nullable: false,
    ...extra,
  };
}

const ALL = { list: true, create: true, retrieve: true, update: true, destroy: true };

export const customers: ResourceDescriptor = {
  name: 'customers',
  path: '/customers/',
  privilege: 'CUSTOMERS',
  title: 'resource.customers.title',
  idField: 'id',
  titleFields: ['first_name', 'last_name'],
  fields: [
    field('id', 'integer', { readOnly: true, required: true, widget: 'text' }),
    field('first_name', 'string', { widget: 'text' }),
    field('last_name', 'string', { required: true, widget: 'text' }),
  ],
  columns: ['id', 'first_name', 'last_name'],
  sortFields: ['id', 'last_name'],
  filterFields: [],
  searchable: true,
  operations: ALL,
  formSchema: {
    type: 'object',
    properties: { first_name: { type: 'string' }, last_name: { type: 'string' } },
    required: ['last_name'],
  },
  uiSchema: {},
};

export const products: ResourceDescriptor = {
  ...customers,
  name: 'products',
  path: '/products/',
  title: 'resource.products.title',
  titleFields: ['name'],
  fields: [
    field('id', 'integer', { readOnly: true, widget: 'text' }),
    field('name', 'string', { widget: 'text' }),
  ],
  columns: ['id', 'name'],
};

const contractFields: FieldDescriptor[] = [
  field('id', 'integer', { readOnly: true, required: true, widget: 'text' }),
  field('contract_no', 'string', { required: true, maxLength: 30, widget: 'text' }),
  field('customer', 'reference', { required: true, reference: 'customers', widget: 'reference' }),
  field('state', 'choice', {
    nullable: true,
    choices: [
      { value: 'active', label: 'resource.contracts.field.state.choice.active' },
      { value: 'ended', label: 'resource.contracts.field.state.choice.ended' },
    ],
    widget: 'select',
  }),
  field('valid_from', 'date', { required: true, widget: 'date' }),
  field('price', 'decimal', { nullable: true, decimalPlaces: 2, maxDigits: 10, widget: 'decimal' }),
  field('is_active', 'boolean', { widget: 'checkbox' }),
  field('products', 'list', { itemKind: 'reference', reference: 'products', widget: 'references' }),
  field('created', 'datetime', { readOnly: true, widget: 'datetime' }),
];

export const contracts: ResourceDescriptor = {
  name: 'contracts',
  path: '/contracts/',
  privilege: 'CONTRACTS',
  title: 'resource.contracts.title',
  idField: 'id',
  titleFields: ['contract_no'],
  fields: contractFields,
  columns: ['contract_no', 'customer', 'state', 'valid_from', 'price', 'is_active', 'products'],
  sortFields: ['contract_no', 'valid_from', 'price'],
  filterFields: ['state', 'customer'],
  searchable: true,
  operations: ALL,
  formSchema: {
    type: 'object',
    properties: {
      contract_no: { type: 'string', maxLength: 30 },
      customer: { type: 'integer' },
      state: { type: ['string', 'null'], enum: ['active', 'ended', null] },
      valid_from: { type: 'string', format: 'date' },
      price: { type: ['string', 'null'], pattern: '^-?\\d{0,8}(?:\\.\\d{0,2})?$' },
      is_active: { type: 'boolean' },
      products: { type: 'array', items: { type: 'integer' }, uniqueItems: true },
    },
    required: ['contract_no', 'customer', 'valid_from'],
  },
  uiSchema: {
    'ui:order': [
      'contract_no',
      'customer',
      'state',
      'valid_from',
      'price',
      'is_active',
      'products',
    ],
    contract_no: { 'ui:options': { labelId: contractFields[1]?.label } },
    customer: {
      'ui:options': { labelId: contractFields[2]?.label, reference: 'customers' },
    },
    state: {
      'ui:options': { labelId: contractFields[3]?.label, choices: contractFields[3]?.choices },
    },
    valid_from: { 'ui:options': { labelId: contractFields[4]?.label } },
    price: { 'ui:options': { labelId: contractFields[5]?.label } },
    is_active: { 'ui:options': { labelId: contractFields[6]?.label } },
    products: {
      'ui:options': { labelId: contractFields[7]?.label, reference: 'products' },
    },
  },
};

/** Labels and choice names the tests' message catalogue adds (Czech). */
export const testMessages: Record<string, string> = {
  'resource.customers.title': 'Zákazníci',
  'resource.contracts.title': 'Smlouvy',
  'resource.test.field.contract_no.label': 'Číslo smlouvy',
  'resource.test.field.customer.label': 'Zákazník',
  'resource.test.field.state.label': 'Stav',
  'resource.test.field.valid_from.label': 'Platnost od',
  'resource.test.field.price.label': 'Cena',
  'resource.test.field.is_active.label': 'Aktivní',
  'resource.test.field.products.label': 'Produkty',
  'resource.test.field.last_name.label': 'Příjmení',
  'resource.test.field.first_name.label': 'Jméno',
  'resource.contracts.field.state.choice.active': 'Platná',
  'resource.contracts.field.state.choice.ended': 'Ukončená',
};

export const descriptorsByName: Record<string, ResourceDescriptor> = {
  customers,
  contracts,
  products,
};

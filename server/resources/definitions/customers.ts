/**
 * Customers and their addresses (SPEC §3 Customer, Address), both gated by `CUSTOMERS`.
 *
 * Choice values (value — English / Czech):
 * - customer `type`: `company` — Company / Firma; `person` — Person / Fyzická osoba
 * - address `type`: `permanent` — Permanent residence / Trvalé bydliště;
 *   `billing` — Billing / Fakturační; `correspondence` — Correspondence / Korespondenční;
 *   `supply` — Supply point / Místo odběru
 *
 * Rules: `customer_no` unique; IČO (`crn`) 8 digits with the mod-11 check; DIČ (`tin`)
 * `CZ` + 8–10 digits; a company needs `company_name` and `crn`, a person `first_name` and
 * `last_name`; ZIP codes are Czech (`110 00` or `11000`). A customer with addresses (or
 * contracts) cannot be deleted: the engine answers 400 naming them.
 */
import { addresses, customers } from '../../db/schema';
import type { FieldErrors } from '../../http/errors';
import { text } from '../../i18n/text';
import { defineResource, idField } from '../engine';
import { optionalText } from './fields';
import { dicValidator, icoValidator, phonePattern, resulting, zipValidator } from './rules';

export const CUSTOMER_TYPES = [
  { value: 'company', label: text('Company', 'Firma') },
  { value: 'person', label: text('Person', 'Fyzická osoba') },
] as const;

export const ADDRESS_TYPES = [
  { value: 'permanent', label: text('Permanent residence', 'Trvalé bydliště') },
  { value: 'billing', label: text('Billing', 'Fakturační') },
  { value: 'correspondence', label: text('Correspondence', 'Korespondenční') },
  { value: 'supply', label: text('Supply point', 'Místo odběru') },
] as const;

const REQUIRED_FOR_COMPANY = text(
  'A company customer needs this field.',
  'U firmy je toto pole povinné.',
);
const REQUIRED_FOR_PERSON = text(
  'A person customer needs this field.',
  'U fyzické osoby je toto pole povinné.',
);

/** `/api/v1/customers/`, gated by `CUSTOMERS`. */
export const customersResource = defineResource({
  name: 'customers',
  component: 'Customer',
  privilege: 'CUSTOMERS',
  table: customers,
  labels: { singular: text('Customer', 'Zákazník'), plural: text('Customers', 'Zákazníci') },
  titleField: 'customer_no',
  titleFields: ['customer_no', 'company_name', 'last_name', 'first_name'],
  // A person as one name ('Ing. Jan Novák, Ph.D.'), a company by its name and IČO.
  titleCases: {
    field: 'type',
    cases: {
      person: [
        'title_before',
        'first_name',
        'last_name',
        { field: 'title_after', separator: ', ' },
      ],
      company: ['company_name', { field: 'crn', separator: ', IČO ' }],
    },
  },
  fields: {
    id: idField(customers.id),
    customer_no: {
      type: 'string',
      column: customers.customerNo,
      label: text('Customer number', 'Číslo zákazníka'),
      required: true,
      maxLength: 20,
      unique: true,
    },
    type: {
      type: 'choice',
      column: customers.type,
      label: text('Type', 'Typ'),
      choices: CUSTOMER_TYPES,
      required: true,
    },
    salutation: optionalText(customers.salutation, 'Salutation', 'Oslovení', 50),
    company_name: optionalText(customers.companyName, 'Company name', 'Název firmy', 200),
    crn: {
      ...optionalText(customers.crn, 'Company ID (IČO)', 'IČO', 8),
      validators: [icoValidator],
    },
    tin: {
      ...optionalText(customers.tin, 'VAT number (DIČ)', 'DIČ', 12),
      validators: [dicValidator],
    },
    title_before: optionalText(customers.titleBefore, 'Title before', 'Titul před', 50),
    first_name: optionalText(customers.firstName, 'First name', 'Jméno', 100),
    last_name: optionalText(customers.lastName, 'Last name', 'Příjmení', 100),
    title_after: optionalText(customers.titleAfter, 'Title after', 'Titul za', 50),
    birth_date: {
      type: 'date',
      column: customers.birthDate,
      label: text('Birth date', 'Datum narození'),
      nullable: true,
    },
    report_email: {
      type: 'email',
      column: customers.reportEmail,
      label: text('Report e-mail', 'E-mail pro reporty'),
      maxLength: 254,
      allowBlank: true,
      default: '',
    },
    phone: {
      ...optionalText(customers.phone, 'Phone', 'Telefon', 30),
      pattern: phonePattern,
    },
    is_active: {
      type: 'boolean',
      column: customers.isActive,
      label: text('Active', 'Aktivní'),
      default: true,
    },
  },
  searchFields: ['customer_no', 'company_name', 'first_name', 'last_name', 'crn'],
  searchColumn: customers.search,
  sortFields: ['id', 'customer_no', 'type', 'company_name', 'last_name', 'first_name', 'crn'],
  filterFields: ['customer_no', 'type', 'crn', 'tin', 'is_active'],
  ordering: ['customer_no'],
  validate(context) {
    const errors: FieldErrors = {};
    const type = resulting(context, 'type');
    const needs =
      type === 'company'
        ? { fields: ['company_name', 'crn'], message: REQUIRED_FOR_COMPANY }
        : type === 'person'
          ? { fields: ['first_name', 'last_name'], message: REQUIRED_FOR_PERSON }
          : undefined;
    for (const field of needs?.fields ?? []) {
      const value = resulting(context, field);
      if (value === undefined || value === null || value === '') errors[field] = [needs!.message];
    }
    return Object.keys(errors).length > 0 ? errors : undefined;
  },
});

/** `/api/v1/addresses/`, gated by `CUSTOMERS`. */
export const addressesResource = defineResource({
  name: 'addresses',
  component: 'Address',
  privilege: 'CUSTOMERS',
  table: addresses,
  labels: { singular: text('Address', 'Adresa'), plural: text('Addresses', 'Adresy') },
  titleField: 'street',
  titleFields: ['street', 'city'],
  parent: 'customer',
  fields: {
    id: idField(addresses.id),
    customer: {
      type: 'field',
      reference: 'customers',
      column: addresses.customer,
      label: text('Customer', 'Zákazník'),
      required: true,
    },
    type: {
      type: 'choice',
      column: addresses.type,
      label: text('Type', 'Typ'),
      choices: ADDRESS_TYPES,
      required: true,
    },
    street: {
      type: 'string',
      column: addresses.street,
      label: text('Street', 'Ulice'),
      required: true,
      maxLength: 200,
    },
    city: {
      type: 'string',
      column: addresses.city,
      label: text('City', 'Obec'),
      required: true,
      maxLength: 100,
    },
    zip_code: {
      type: 'string',
      column: addresses.zipCode,
      label: text('ZIP code', 'PSČ'),
      required: true,
      maxLength: 6,
      validators: [zipValidator],
    },
    country: {
      type: 'string',
      column: addresses.country,
      label: text('Country', 'Země'),
      maxLength: 2,
      default: 'CZ',
    },
    flat_no: optionalText(addresses.flatNo, 'Flat number', 'Číslo bytu', 20),
    floor: optionalText(addresses.floor, 'Floor', 'Patro', 20),
  },
  searchFields: ['street', 'city', 'zip_code'],
  sortFields: ['id', 'customer', 'type', 'street', 'city', 'zip_code'],
  filterFields: ['customer', 'type', 'city', 'zip_code', 'country'],
  ordering: ['customer', 'type'],
});

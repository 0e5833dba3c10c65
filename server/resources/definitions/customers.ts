/**
 * Customers and their addresses (docs/product.md §3 Customer, Address), both gated by `CUSTOMERS`.
 *
 * Choice values (value — English / Czech):
 * - customer `type`: `company` — Company / Firma; `person` — Person / Fyzická osoba
 * - customer `language`: `cs` — Czech / Čeština; `en` — English / Angličtina
 * - address `type`: `permanent` — Permanent residence / Trvalé bydliště;
 *   `billing` — Billing / Fakturační; `correspondence` — Correspondence / Korespondenční;
 *   `supply` — Supply point / Místo odběru
 *
 * Rules: `customer_no` unique; IČO (`crn`) 8 digits with the mod-11 check; DIČ (`tin`)
 * `CZ` + 8–10 digits; a company needs `company_name` and `crn`, a person `first_name` and
 * `last_name` (declared as `conditions`: a company shows name, IČO and DIČ, a person titles,
 * names and birth date); ZIP codes are Czech (`110 00` or `11000`). A customer with addresses (or
 * contracts) cannot be deleted: the engine answers 400 naming them.
 */
import { addresses, customers } from '../../db/schema';
import { text } from '../../i18n/text';
import { defineResource, idField } from '../engine';
import { optionalText } from './fields';
import { dicValidator, icoValidator, phonePattern, zipValidator } from '../rules';

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

/** The languages of a customer's invoices and mails. */
export const DOCUMENT_LANGUAGES = [
  { value: 'cs', label: text('Czech', 'Čeština') },
  { value: 'en', label: text('English', 'Angličtina') },
] as const;

const IDENTITY = { key: 'identity', label: text('Identity', 'Identita') };
const CONTACT = { key: 'contact', label: text('Contact', 'Kontakt') };

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
  labels: {
    singular: text('Customer', 'Zákazník'),
    plural: text('Customers', 'Zákazníci'),
    create: text('New customer', 'Nový zákazník'),
  },
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
      // A new customer gets the next number by default (docs/declarations.md "Numbers of a series").
      series: { first: 'Z100001' },
      section: IDENTITY,
    },
    type: {
      type: 'choice',
      column: customers.type,
      label: text('Type', 'Typ'),
      choices: CUSTOMER_TYPES,
      required: true,
      section: IDENTITY,
    },
    salutation: {
      ...optionalText(customers.salutation, 'Salutation', 'Oslovení', 50),
      section: IDENTITY,
    },
    company_name: {
      ...optionalText(customers.companyName, 'Company name', 'Název firmy', 200),
      section: IDENTITY,
    },
    crn: {
      ...optionalText(customers.crn, 'Company ID (IČO)', 'IČO', 8),
      validators: [icoValidator],
      section: IDENTITY,
    },
    tin: {
      ...optionalText(customers.tin, 'VAT number (DIČ)', 'DIČ', 12),
      validators: [dicValidator],
      section: IDENTITY,
    },
    title_before: {
      ...optionalText(customers.titleBefore, 'Title before', 'Titul před', 50),
      section: IDENTITY,
    },
    first_name: {
      ...optionalText(customers.firstName, 'First name', 'Jméno', 100),
      section: IDENTITY,
    },
    last_name: {
      ...optionalText(customers.lastName, 'Last name', 'Příjmení', 100),
      section: IDENTITY,
    },
    title_after: {
      ...optionalText(customers.titleAfter, 'Title after', 'Titul za', 50),
      section: IDENTITY,
    },
    birth_date: {
      type: 'date',
      column: customers.birthDate,
      label: text('Birth date', 'Datum narození'),
      nullable: true,
      section: IDENTITY,
    },
    report_email: {
      type: 'email',
      column: customers.reportEmail,
      label: text('Report e-mail', 'E-mail pro reporty'),
      maxLength: 254,
      allowBlank: true,
      default: '',
      section: CONTACT,
    },
    // Where and in which language invoices are sent (docs/billing.md "Sending").
    document_email: {
      type: 'email',
      column: customers.documentEmail,
      label: text('E-mail for documents', 'E-mail pro doklady'),
      helpText: text(
        'Invoices are e-mailed here; when empty, to the report e-mail.',
        'Sem se posílají faktury; když je prázdný, na e-mail pro reporty.',
      ),
      maxLength: 254,
      allowBlank: true,
      default: '',
      section: CONTACT,
    },
    language: {
      type: 'choice',
      column: customers.language,
      label: text('Language of documents', 'Jazyk dokladů'),
      choices: DOCUMENT_LANGUAGES,
      default: 'cs',
      section: CONTACT,
    },
    phone: {
      ...optionalText(customers.phone, 'Phone', 'Telefon', 30),
      pattern: phonePattern,
      section: CONTACT,
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
  defaultSort: ['customer_no'],
  conditions: [
    {
      field: 'type',
      values: ['company'],
      fields: ['company_name', 'crn', 'tin'],
      required: ['company_name', 'crn'],
      message: REQUIRED_FOR_COMPANY,
    },
    {
      field: 'type',
      values: ['person'],
      fields: ['title_before', 'first_name', 'last_name', 'title_after', 'birth_date'],
      required: ['first_name', 'last_name'],
      message: REQUIRED_FOR_PERSON,
    },
  ],
});

/** `/api/v1/addresses/`, gated by `CUSTOMERS`. */
export const addressesResource = defineResource({
  name: 'addresses',
  component: 'Address',
  privilege: 'CUSTOMERS',
  table: addresses,
  labels: {
    singular: text('Address', 'Adresa'),
    plural: text('Addresses', 'Adresy'),
    create: text('New address', 'Nová adresa'),
  },
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
  defaultSort: ['customer', 'type'],
});

/**
 * Contracts (docs/product.md §3 Contract), gated by `CONTRACTS`; their payments are in
 * `payments.ts`, gated by `PAYMENTS`.
 *
 * Choice values (value — English / Czech):
 * - contract `mode`: `supply` — Electricity supply / Dodávka elektřiny;
 *   `purchase` — Purchase of production / Výkup výroby;
 *   `combined` — Supply and purchase / Dodávka i výkup
 * - contract `state`: `draft` — Draft / Koncept; `active` — Active / Aktivní;
 *   `terminated` — Terminated / Ukončená; `cancelled` — Cancelled / Stornovaná
 * - contract `billing_period`: `monthly` — Monthly / Měsíční; `quarterly` — Quarterly /
 *   Čtvrtletní; `semiannual` — Semi-annual / Pololetní; `annual` — Annual / Roční
 *
 * Rules: `contract_no` unique; `valid_to` empty or not before `valid_from`;
 * `parent_contract` is another contract of the same customer. `product` (the product whose
 * tariffs price the contract) may be empty, but a contract without one cannot be billed. A contract with payments or
 * child contracts, and a customer with contracts, cannot be deleted (400 naming them).
 */
import { eq } from 'drizzle-orm';
import { contracts } from '../../db/schema';
import type { FieldErrors } from '../../http/errors';
import { text } from '../../i18n/text';
import { defineResource, idField } from '../engine';
import { allRules, resulting, validityRule } from '../rules';

export const CONTRACT_MODES = [
  { value: 'supply', label: text('Electricity supply', 'Dodávka elektřiny') },
  { value: 'purchase', label: text('Purchase of production', 'Výkup výroby') },
  { value: 'combined', label: text('Supply and purchase', 'Dodávka i výkup') },
] as const;

export const CONTRACT_STATES = [
  { value: 'draft', label: text('Draft', 'Koncept') },
  { value: 'active', label: text('Active', 'Aktivní') },
  { value: 'terminated', label: text('Terminated', 'Ukončená') },
  { value: 'cancelled', label: text('Cancelled', 'Stornovaná') },
] as const;

export const BILLING_PERIODS = [
  { value: 'monthly', label: text('Monthly', 'Měsíční') },
  { value: 'quarterly', label: text('Quarterly', 'Čtvrtletní') },
  { value: 'semiannual', label: text('Semi-annual', 'Pololetní') },
  { value: 'annual', label: text('Annual', 'Roční') },
] as const;

const PARENT_OTHER_CUSTOMER = text(
  'The parent contract must belong to the same customer.',
  'Nadřazená smlouva musí patřit stejnému zákazníkovi.',
);
const PARENT_ITSELF = text(
  'A contract cannot be its own parent.',
  'Smlouva nemůže být nadřazená sama sobě.',
);

/** The contract dialog's sections (docs/product.md: fields grouped from the declaration). */
const CONTRACT = { key: 'contract', label: text('Contract', 'Smlouva') };
const BILLING = { key: 'billing', label: text('Billing', 'Fakturace') };

/** `/api/v1/contracts/`, gated by `CONTRACTS`. */
export const contractsResource = defineResource({
  name: 'contracts',
  component: 'Contract',
  privilege: 'CONTRACTS',
  table: contracts,
  labels: {
    singular: text('Contract', 'Smlouva'),
    plural: text('Contracts', 'Smlouvy'),
    create: text('New contract', 'Nová smlouva'),
  },
  titleField: 'contract_no',
  parent: 'customer',
  fields: {
    id: idField(contracts.id),
    customer: {
      type: 'field',
      reference: 'customers',
      column: contracts.customer,
      label: text('Customer', 'Zákazník'),
      required: true,
      section: CONTRACT,
    },
    contract_no: {
      type: 'string',
      column: contracts.contractNo,
      label: text('Contract number', 'Číslo smlouvy'),
      required: true,
      maxLength: 30,
      unique: true,
      section: CONTRACT,
    },
    parent_contract: {
      type: 'field',
      reference: 'contracts',
      column: contracts.parentContract,
      label: text('Parent contract', 'Nadřazená smlouva'),
      nullable: true,
      // Offered only among the same customer's contracts (the rule is in `validate`).
      pickAmong: { customer: 'customer' },
      section: CONTRACT,
    },
    mode: {
      type: 'choice',
      column: contracts.mode,
      label: text('Mode', 'Režim'),
      choices: CONTRACT_MODES,
      default: 'supply',
      section: CONTRACT,
    },
    valid_from: {
      type: 'date',
      column: contracts.validFrom,
      label: text('Valid from', 'Platnost od'),
      required: true,
      section: CONTRACT,
    },
    valid_to: {
      type: 'date',
      column: contracts.validTo,
      label: text('Valid to', 'Platnost do'),
      nullable: true,
      section: CONTRACT,
    },
    state: {
      type: 'choice',
      column: contracts.state,
      label: text('State', 'Stav'),
      choices: CONTRACT_STATES,
      default: 'draft',
      section: CONTRACT,
    },
    billing_period: {
      type: 'choice',
      column: contracts.billingPeriod,
      label: text('Billing period', 'Fakturační období'),
      choices: BILLING_PERIODS,
      default: 'monthly',
      section: BILLING,
    },
    billing_start: {
      type: 'date',
      column: contracts.billingStart,
      label: text('Billing start', 'Začátek fakturace'),
      nullable: true,
      section: BILLING,
    },
    product: {
      type: 'field',
      reference: 'products',
      column: contracts.product,
      label: text('Product', 'Produkt'),
      nullable: true,
      section: CONTRACT,
    },
    account_no: {
      type: 'string',
      column: contracts.accountNo,
      label: text('Account number', 'Číslo účtu'),
      maxLength: 40,
      allowBlank: true,
      default: '',
      section: BILLING,
    },
  },
  searchFields: ['contract_no', 'account_no'],
  sortFields: ['id', 'contract_no', 'customer', 'valid_from', 'valid_to', 'state', 'mode'],
  filterFields: ['customer', 'parent_contract', 'mode', 'state', 'billing_period', 'product'],
  defaultSort: ['contract_no'],
  validate: allRules(validityRule(), async (context) => {
    const parent = resulting(context, 'parent_contract');
    if (typeof parent !== 'number') return undefined;
    const errors: FieldErrors = {};
    if (context.existing && context.existing.id === parent) {
      errors.parent_contract = [PARENT_ITSELF];
      return errors;
    }
    const [row] = await context.db
      .select({ customer: contracts.customer })
      .from(contracts)
      .where(eq(contracts.id, parent));
    if (row && row.customer !== resulting(context, 'customer'))
      errors.parent_contract = [PARENT_OTHER_CUSTOMER];
    return Object.keys(errors).length > 0 ? errors : undefined;
  }),
});

/**
 * Customers (docs/product.md §3 "Customer"):
 * - the phone number's pattern error names an example, 'Zadejte platné telefonní číslo,
 *   např. +420 777 123 456.', as the API's own 400 message does (set as
 *   `ui:options.patternMessageId` of the field, which the form's validation reads);
 * - the list names each customer in one "Name" column as the server titles them
 *   (`x-title-cases`: a person "Ing. Jan Novák, Ph.D.", a company "ACME s.r.o., IČO …"),
 *   in place of the separate name columns; on a back-end without title cases the list
 *   stays generic;
 * - the dialog lists the customer's contracts with their state and validity at a glance;
 * - to holders of `PRIVACY`, a "Personal data" panel: export a person's data (JSON, PDF) and
 *   anonymise them (docs/security.md "Personal data"), when the back-end publishes both.
 */
import { canUse, useAbility } from '../../src/auth';
import {
  lazyComponent,
  rowTitle,
  type ResourceDescriptor,
  type ResourceOverride,
  type ResourcePanel,
} from '../../src/resources';
import { customerContractsPanel } from './contracts-panel';
import { customerMessages } from './messages';

export { customerMessages };

const PHONE = 'phone';
/** The column that shows the whole name (sorted by last name). */
export const NAME_COLUMN = 'last_name';
/** Columns the name column stands for. */
const NAME_PARTS = new Set(['company_name', 'first_name', 'title_before', 'title_after', 'crn']);

type Ui = Readonly<Record<string, unknown>>;

/** Returns the descriptor with the phone's pattern message id set in its uiSchema. */
export function withPhoneMessage(descriptor: ResourceDescriptor): ResourceDescriptor {
  if (!descriptor.fields.some((field) => field.name === PHONE)) return descriptor;
  const field = (descriptor.uiSchema?.[PHONE] ?? {}) as Ui;
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

const hasNameColumn = (descriptor: ResourceDescriptor) =>
  descriptor.titleCases !== undefined &&
  descriptor.fields.some((field) => field.name === NAME_COLUMN);

/**
 * With the server's title cases: one name column (in the place of the first name part)
 * instead of the separate name parts.
 */
export function withNameColumn(descriptor: ResourceDescriptor): ResourceDescriptor {
  if (!hasNameColumn(descriptor)) return descriptor;
  const columns: string[] = [];
  for (const name of descriptor.columns) {
    const part = NAME_PARTS.has(name) || name === NAME_COLUMN;
    if (!part) columns.push(name);
    else if (!columns.includes(NAME_COLUMN)) columns.push(NAME_COLUMN);
  }
  return { ...descriptor, columns };
}

/** The privilege of the privacy operations (server/privacy/routes.ts). */
const PRIVACY = 'PRIVACY';
/** The customers' extra actions the privacy panel calls. */
export const PRIVACY_ACTIONS = ['personal_data', 'anonymise'];

/** True when the signed-in user may export and anonymise personal data. */
export function useMayHandlePersonalData(): boolean {
  return canUse(useAbility(), PRIVACY);
}

/** The "Personal data" panel; its code loads when a customer dialog first shows it. */
export const customerPrivacyPanel: ResourcePanel = {
  id: 'privacy',
  title: customerMessages.privacy.id,
  useVisible: useMayHandlePersonalData,
  available: (descriptorsByName) =>
    PRIVACY_ACTIONS.every(
      (action) => descriptorsByName.customers?.operations.extraActions?.includes(action) ?? false,
    ),
  component: lazyComponent(() => import('./privacy-panel').then((module) => module.PrivacyPanel)),
};

/** The customers override. */
export const customersOverride: ResourceOverride = {
  descriptor: (descriptor) => withNameColumn(withPhoneMessage(descriptor)),
  cells: {
    [NAME_COLUMN]: {
      header: customerMessages.name.id,
      format: (row, _locale, descriptor) => rowTitle(descriptor, row),
      applies: hasNameColumn,
    },
  },
  panels: [customerContractsPanel, customerPrivacyPanel],
};

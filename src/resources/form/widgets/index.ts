/**
 * The widgets of the dialog's form, by the names codegen writes into `ui:widget`
 * (`codegen/transform/ui-schema.ts`) and by rjsf's own names for fields rjsf picks itself.
 */
import type { RegistryWidgetsType } from '@rjsf/utils';
import { CheckboxWidget, SelectWidget, SwitchWidget } from './choice-widgets';
import { DateTimeWidget, DateWidget } from './date-widgets';
import { DecimalWidget } from './decimal-widget';
import { ReferencesWidget, ReferenceWidget } from './reference-widgets';
import { EmailWidget, PasswordWidget, TextareaWidget, TextWidget } from './text-widgets';

export { templates } from './templates';
// What the list's filter bar shares with the form's widgets.
export { ReferencePicker } from './reference-picker';
export { useReferenceTarget, useRowTitles } from './use-reference';

/** Built-in widgets; a resource's override may add or replace some (`ResourceOverride.widgets`). */
export const widgets: RegistryWidgetsType = {
  text: TextWidget,
  textarea: TextareaWidget,
  email: EmailWidget,
  password: PasswordWidget,
  integer: TextWidget,
  decimal: DecimalWidget,
  date: DateWidget,
  datetime: DateTimeWidget,
  checkbox: CheckboxWidget,
  switch: SwitchWidget,
  select: SelectWidget,
  reference: ReferenceWidget,
  references: ReferencesWidget,
  TextWidget,
  TextareaWidget,
  EmailWidget,
  PasswordWidget,
  UpDownWidget: TextWidget,
  DateWidget,
  DateTimeWidget,
  CheckboxWidget,
  SelectWidget,
};

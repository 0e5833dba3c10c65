/**
 * The edit form's rjsf uiSchema: per writable field `ui:options` with the label's message
 * id, the referenced resource and the choices (value + message id), and `ui:order` in field
 * order. Each field's widget is not written here but on the field itself
 * (`FieldDescriptor.widget`, from {@link widgetOf}); the runtime puts it into `ui:widget`
 * unless an override's uiSchema names another. Widget names are the runtime's widget keys.
 */
import type { JsonSchema } from '../descriptor-types';
import type { FieldModel } from './field-model';

/** Widget names the runtime registers (rjsf built-ins plus `decimal`, `reference`, `references`). */
export type WidgetName =
  | 'text'
  | 'textarea'
  | 'email'
  | 'password'
  | 'decimal'
  | 'date'
  | 'datetime'
  | 'checkbox'
  | 'select'
  | 'reference'
  | 'references';

/** The uiSchema of an object's writable fields, with `ui:order`. */
export function uiSchema(fields: readonly FieldModel[]): JsonSchema {
  const writable = fields.filter((f) => !f.readOnly);
  const ui: Record<string, unknown> = { 'ui:order': writable.map((f) => f.name) };
  for (const field of writable) ui[field.name] = fieldUiSchema(field);
  return ui;
}

/** The uiSchema entry of one writable field. */
export function fieldUiSchema(field: FieldModel): JsonSchema {
  const options = {
    labelId: field.label,
    ...(field.reference === undefined ? {} : { reference: field.reference }),
    ...(field.referenceFilter === undefined ? {} : { referenceFilter: field.referenceFilter }),
    ...(field.choices === undefined ? {} : { choices: field.choices }),
  };
  const nested =
    field.fields === undefined
      ? {}
      : field.kind === 'list'
        ? { items: uiSchema(field.fields) }
        : uiSchema(field.fields);
  return {
    'ui:options': options,
    ...nested,
  };
}

/**
 * The widget of a field (its `FieldDescriptor.widget`): the one table of field kind →
 * widget; undefined lets rjsf pick (objects, lists of plain values).
 */
export function widgetOf(
  field: Pick<FieldModel, 'name' | 'kind' | 'itemKind'>,
): WidgetName | undefined {
  switch (field.kind) {
    case 'string':
      return /(^|_)password($|_)/.test(field.name) ? 'password' : 'text';
    case 'text':
      return /(^|_)password($|_)/.test(field.name) ? 'password' : 'textarea';
    case 'email':
      return 'email';
    case 'integer':
      return 'text';
    case 'decimal':
      return 'decimal';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'boolean':
      return 'checkbox';
    case 'choice':
      return 'select';
    case 'reference':
      return 'reference';
    case 'list':
      if (field.itemKind === 'reference') return 'references';
      return field.itemKind === 'choice' ? 'select' : undefined;
    case 'object':
      return undefined;
  }
}

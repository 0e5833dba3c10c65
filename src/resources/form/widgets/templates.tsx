/**
 * Our rjsf templates (rjsf 5 `templates` prop): Blueprint `FormGroup` per field with label,
 * required mark and helper or error text, objects without rjsf's default markup.
 */
import { FormGroup, H5 } from '@blueprintjs/core';
import {
  errorId,
  getSchemaType,
  getUiOptions,
  helpId,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type TemplatesType,
} from '@rjsf/utils';
import { useFieldLabel } from './labels';

/** Label, required mark, the widget, then its errors (or help) below, linked by id. */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, classNames, style, label, children, rawErrors, rawHelp, hidden, required } = props;
  const { displayLabel, schema, uiSchema } = props;
  const text = useFieldLabel(getUiOptions(uiSchema), label);
  if (hidden) return <div hidden>{children}</div>;
  const type = getSchemaType(schema);
  if (type === 'object' || (type === 'array' && !getUiOptions(uiSchema).widget)) {
    return (
      <div className={classNames} style={style}>
        {children}
      </div>
    );
  }
  const errors = rawErrors?.filter(Boolean) ?? [];
  const helper =
    errors.length > 0 ? (
      <span id={errorId(id)}>{errors.join(' ')}</span>
    ) : rawHelp ? (
      <span id={helpId(id)}>{rawHelp}</span>
    ) : undefined;
  // A checkbox carries its own label beside the box.
  const showLabel = displayLabel !== false && type !== 'boolean';
  return (
    <FormGroup
      className={classNames}
      style={style}
      label={showLabel ? text : undefined}
      labelFor={id}
      labelInfo={required && showLabel ? <span aria-hidden="true">*</span> : undefined}
      intent={errors.length > 0 ? 'danger' : 'none'}
      helperText={helper}
    >
      {children}
    </FormGroup>
  );
}

/** The root form lays out its fields; a nested object is a titled group. */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { idSchema, properties, title, uiSchema } = props;
  const heading = useFieldLabel(getUiOptions(uiSchema), title);
  const fields = properties.filter((p) => !p.hidden).map((p) => p.content);
  if (idSchema.$id === 'root') return <>{fields}</>;
  return (
    <fieldset className="joule-form-group">
      {heading && (
        <legend>
          <H5>{heading}</H5>
        </legend>
      )}
      {fields}
    </fieldset>
  );
}

/** Errors are drawn by `FieldTemplate`; the list above the form is the dialog's Callout. */
function Nothing() {
  return null;
}

/** The templates the dialog's `Form` uses. */
export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
  ErrorListTemplate: Nothing,
};

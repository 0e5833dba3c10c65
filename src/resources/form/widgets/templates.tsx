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
import { useIntl } from 'react-intl';
import { useFieldLabel } from './labels';

/** Long text and lists take the whole row of the two-column grid. */
function wide(schema: FieldTemplateProps['schema'], uiSchema: FieldTemplateProps['uiSchema']) {
  const widget = getUiOptions(uiSchema).widget;
  return widget === 'textarea' || getSchemaType(schema) === 'array';
}

/** Label, required mark, the widget, then its errors (or help) below, linked by id. */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, classNames, style, label, children, rawErrors, rawHelp, hidden, required } = props;
  const { displayLabel, schema, uiSchema } = props;
  const text = useFieldLabel(getUiOptions(uiSchema), label);
  if (hidden) return <div hidden>{children}</div>;
  const type = getSchemaType(schema);
  if (type === 'object' || (type === 'array' && !getUiOptions(uiSchema).widget)) {
    return (
      <div className={`${classNames ?? ''} joule-form-wide`} style={style}>
        {children}
      </div>
    );
  }
  const errors = rawErrors?.filter(Boolean) ?? [];
  // What the server stored instead of what was sent, once (docs/extending.md "What a form sends").
  const storedAs = getUiOptions(uiSchema).storedAs;
  const note = errors.length === 0 && typeof storedAs === 'string' ? storedAs : undefined;
  const helper =
    errors.length > 0 ? (
      <span id={errorId(id)}>{errors.join(' ')}</span>
    ) : note ? (
      <span id={helpId(id)} className="joule-stored-as">
        {note}
      </span>
    ) : rawHelp ? (
      <span id={helpId(id)}>{rawHelp}</span>
    ) : undefined;
  // A checkbox carries its own label beside the box.
  const showLabel = displayLabel !== false && type !== 'boolean';
  return (
    <FormGroup
      className={wide(schema, uiSchema) ? `${classNames ?? ''} joule-form-wide` : classNames}
      style={style}
      label={showLabel ? text : undefined}
      labelFor={id}
      labelInfo={required && showLabel ? <span aria-hidden="true">*</span> : undefined}
      intent={errors.length > 0 ? 'danger' : note ? 'primary' : 'none'}
      helperText={helper}
    >
      {children}
    </FormGroup>
  );
}

interface Section {
  readonly key: string;
  readonly label: string;
}

/** The root's sections (`ui:options.sections`, from the API's `x-section`), or none. */
function rootSections(uiSchema: ObjectFieldTemplateProps['uiSchema']): readonly Section[] {
  const sections = getUiOptions(uiSchema).sections;
  return Array.isArray(sections) ? (sections as Section[]) : [];
}

/**
 * The root form's fields in a grid (two columns on wide screens, one on narrow: CSS
 * `joule-form-grid`), grouped in the sections the API declares, each under its name;
 * fields of no section follow them.
 */
function RootFields({ properties, uiSchema }: ObjectFieldTemplateProps) {
  const intl = useIntl();
  const visible = properties.filter((p) => !p.hidden);
  const sectionOf = (name: string) =>
    getUiOptions((uiSchema as Record<string, never> | undefined)?.[name]).section;
  const sections = rootSections(uiSchema);
  const groups = sections
    .map((section) => ({
      section,
      fields: visible.filter((p) => sectionOf(p.name) === section.key),
    }))
    .filter((group) => group.fields.length > 0);
  const known = new Set(sections.map((section) => section.key));
  const rest = visible.filter((p) => !known.has(String(sectionOf(p.name))));
  return (
    <>
      {groups.map(({ section, fields }) => (
        <fieldset key={section.key} className="joule-form-section">
          <legend>
            <H5>{intl.formatMessage({ id: section.label, defaultMessage: section.key })}</H5>
          </legend>
          <div className="joule-form-grid">{fields.map((p) => p.content)}</div>
        </fieldset>
      ))}
      {rest.length > 0 && <div className="joule-form-grid">{rest.map((p) => p.content)}</div>}
    </>
  );
}

/** The root form lays out its fields; a nested object is a titled group. */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { idSchema, properties, title, uiSchema } = props;
  const heading = useFieldLabel(getUiOptions(uiSchema), title);
  const fields = properties.filter((p) => !p.hidden).map((p) => p.content);
  // The dialog's form has an id prefix of its own: buildForm marks its root.
  if (idSchema.$id === 'root' || getUiOptions(uiSchema).formRoot === true)
    return <RootFields {...props} />;
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

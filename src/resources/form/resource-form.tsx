import { useCallback, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import Form from '@rjsf/core';
import type {
  CustomValidator,
  ErrorSchema,
  FormValidation,
  RegistryWidgetsType,
  RJSFSchema,
  UiSchema,
  ValidatorType,
} from '@rjsf/utils';
import type { ServerErrorSchema } from './rjsf-errors';
import { createErrorTransformer, type FormatMessage } from './validation';
import { hiddenFields, type FormDefinition } from './form-schema';
import { mergeAllOf } from './merge-all-of';
import type { FormValidator } from '../registry/overrides';
import { templates, widgets as builtinWidgets } from './widgets';

/** Props of `ResourceForm`. */
export interface ResourceFormProps {
  /** The form element's id; the dialog's Save button submits it with `form={id}`. */
  readonly id: string;
  readonly form: FormDefinition;
  readonly formData: Readonly<Record<string, unknown>>;
  readonly onChange: (data: Readonly<Record<string, unknown>>) => void;
  /** Called with the data after client validation passed. */
  readonly onSubmit: (data: Readonly<Record<string, unknown>>) => void;
  /**
   * Called when the browser's checks refused a submit, with the data and the top-level
   * fields they flagged (the dialog then asks the server's dry run, docs/api.md "Dry run").
   */
  readonly onInvalid?: (data: Readonly<Record<string, unknown>>, fields: readonly string[]) => void;
  /**
   * Notes beside fields the server stored differently from what was sent: field name → the
   * stored value as text (docs/extending.md "What a form sends").
   */
  readonly storedAs?: Readonly<Record<string, string>>;
  /** Server field errors, shown beside their fields. @default {} */
  readonly extraErrors?: ServerErrorSchema;
  /** Extra or replacing widgets of the resource's override. @default {} */
  readonly widgets?: RegistryWidgetsType;
  /** Everything read-only (no update permission, or while saving). @default false */
  readonly disabled?: boolean;
  /**
   * The row as the API answered it, if any: reference widgets name the rows it references
   * by the titles the server embedded in it (`titleField`) instead of fetching them, as
   * long as the reference still holds the stored value.
   */
  readonly stored?: Readonly<Record<string, unknown>>;
  /**
   * Cross-field checks of the resource's override, run with rjsf's own validation on
   * submit; their messages go beside the fields they name and block the submit.
   */
  readonly validate?: FormValidator;
  /**
   * The JSON Schema validator: `useFormValidator`'s precompiled one, or `basicValidator`
   * (form-validator.ts); never one compiling at run time (the CSP forbids `eval`).
   */
  readonly validator: ValidatorType;
}

/**
 * What the form hands its widgets (rjsf `formContext`). A widget that edits more than its
 * own property (e.g. a from–to pair shown as one control) reads the others from `formData`,
 * writes them with `setFields` and shows their server errors from `serverErrors`.
 */
export interface ResourceFormContext {
  readonly stored?: Readonly<Record<string, unknown>>;
  /** The whole form's current data. */
  readonly formData: Readonly<Record<string, unknown>>;
  /**
   * Sets several top-level properties at once, over the latest data (calls in one event
   * accumulate). A widget using it for its own property should not also call `onChange`.
   */
  readonly setFields: (patch: Readonly<Record<string, unknown>>) => void;
  /** The server's field errors of the last save, if it was refused. */
  readonly serverErrors?: ServerErrorSchema;
}

// Never add defaults the user did not type: the form would look changed on open.
const DEFAULT_STATE = {
  arrayMinItems: { populate: 'never' },
  emptyObjectFields: 'skipDefaults',
} as const;

const ignoreErrors = () => undefined;

/** The top-level field of an rjsf error's `property` (`.address.zip_code` → `address`). */
function field(property: string | undefined): string {
  return (property ?? '').replace(/^\./, '').split('.')[0] ?? '';
}

/** The rjsf `Form` with our Blueprint widgets and templates and localized validation. */
export function ResourceForm(props: ResourceFormProps) {
  const { id, form, formData, onChange, onSubmit, extraErrors, widgets, disabled = false } = props;
  const { stored, validate, validator, onInvalid, storedAs } = props;
  // The latest data, also across several `setFields` calls before the next render.
  const latest = useRef(formData);
  latest.current = formData;
  const setFields = useCallback(
    (patch: Readonly<Record<string, unknown>>) => {
      latest.current = { ...latest.current, ...patch };
      onChange(latest.current);
    },
    [onChange],
  );
  const formContext = useMemo(
    (): ResourceFormContext => ({ stored, formData, setFields, serverErrors: extraErrors }),
    [stored, formData, setFields, extraErrors],
  );
  const intl = useIntl();
  // Conditional fields (docs/product.md): those no condition shows for the data are hidden, not
  // checked in the browser, and keep their stored value on save.
  const hidden = useMemo(
    () => hiddenFields(form.conditions, formData),
    [form.conditions, formData],
  );
  const uiSchema = useMemo(() => {
    const notes = Object.entries(storedAs ?? {});
    if (hidden.size === 0 && notes.length === 0) return form.uiSchema;
    const ui: Record<string, unknown> = { ...form.uiSchema };
    for (const name of hidden)
      ui[name] = { ...((ui[name] as Record<string, unknown>) ?? {}), 'ui:widget': 'hidden' };
    for (const [name, note] of notes) {
      const entry = (ui[name] as Record<string, unknown>) ?? {};
      const options = (entry['ui:options'] as Record<string, unknown>) ?? {};
      ui[name] = { ...entry, 'ui:options': { ...options, storedAs: note } };
    }
    return ui;
  }, [form.uiSchema, hidden, storedAs]);
  const transformErrors = useMemo(() => {
    const format: FormatMessage = (descriptor, values) => intl.formatMessage(descriptor, values);
    const localized = createErrorTransformer(format);
    return (errors: Parameters<typeof localized>[0], ui?: Parameters<typeof localized>[1]) =>
      localized(
        errors.filter((error) => !hidden.has(field(error.property))),
        ui,
      );
  }, [intl, hidden]);
  const submit = useCallback(
    (data: Readonly<Record<string, unknown>>) => {
      if (hidden.size === 0) return onSubmit(data);
      const kept: Record<string, unknown> = { ...data };
      for (const name of hidden) {
        if (stored && name in stored) kept[name] = stored[name];
        else delete kept[name];
      }
      onSubmit(kept);
    },
    [hidden, onSubmit, stored],
  );
  const customValidate = useMemo((): CustomValidator | undefined => {
    if (!validate) return undefined;
    return (data, errors: FormValidation) => {
      const found = validate((data ?? {}) as Readonly<Record<string, unknown>>);
      const byField = errors as unknown as Record<string, FormValidation | undefined>;
      for (const [field, list] of Object.entries(found ?? {}))
        for (const message of list) byField[field]?.addError(intl.formatMessage(message));
      return errors;
    };
  }, [validate, intl]);
  const allWidgets = useMemo(() => ({ ...builtinWidgets, ...widgets }), [widgets]);
  // Field ids must be unique in the page: a related row's dialog opens over its parent's.
  const idPrefix = `form-${id.replace(/[^\w-]/g, '')}`;
  return (
    <Form
      id={id}
      idPrefix={idPrefix}
      schema={form.schema as RJSFSchema}
      uiSchema={uiSchema as UiSchema}
      formData={formData}
      formContext={formContext}
      validator={validator}
      widgets={allWidgets}
      templates={templates}
      extraErrors={extraErrors as ErrorSchema | undefined}
      transformErrors={transformErrors}
      customValidate={customValidate}
      showErrorList={false}
      noHtml5Validate
      disabled={disabled}
      experimental_defaultFormStateBehavior={DEFAULT_STATE}
      experimental_customMergeAllOf={mergeAllOf}
      // Errors are drawn beside fields; the dialog counts them, focuses the first and asks
      // the server's dry run for its own (docs/api.md "Dry run").
      onError={(errors) =>
        onInvalid
          ? onInvalid(latest.current, [
              ...new Set(errors.map((error) => field(error.property)).filter(Boolean)),
            ])
          : ignoreErrors()
      }
      onChange={(event) => onChange((event.formData ?? {}) as Record<string, unknown>)}
      onSubmit={(event) => submit((event.formData ?? {}) as Record<string, unknown>)}
    />
  );
}

import { useIntl } from 'react-intl';

/**
 * A field's label: the message id in `ui:options.labelId` (codegen writes
 * `resource.<name>.field.<field>.label`), else rjsf's own label (the property name).
 */
export function useFieldLabel(options: object | undefined, fallback: string): string {
  const intl = useIntl();
  const id = (options as { labelId?: unknown } | undefined)?.labelId;
  return typeof id === 'string' && id !== ''
    ? intl.formatMessage({ id, defaultMessage: fallback })
    : fallback;
}

/** The value an emptied input stores (`ui:options.emptyValue`, set per field by `buildForm`). */
export function emptyValueOf(options: { readonly emptyValue?: unknown }): unknown {
  return options.emptyValue;
}

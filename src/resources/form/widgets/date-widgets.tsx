/**
 * The form's date and date-time widgets: the app's one date input (`src/resources/dates`,
 * docs/extending.md "Dates and times") inside rjsf. Text that names no date is kept in the
 * form as typed, so the form's validation refuses it on submit with docs/product.md §5's
 * message ("Date must be in …"; a field can name its own: `ui:options.dateMessageId`).
 */
import { useIntl } from 'react-intl';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { DateInput, DateTimeInput } from '../../dates/date-input';
import { dateMessage, type FormatMessage } from '../validation';
import { emptyValueOf } from './labels';

/** The props both widgets hand the input. */
function inputProps(props: WidgetProps, format: FormatMessage, kind: 'date' | 'datetime') {
  const { id, value, required, disabled, readonly, autofocus, rawErrors, options } = props;
  const errors = !!rawErrors?.length;
  return {
    id,
    value: typeof value === 'string' ? value : null,
    required,
    disabled: disabled || readonly,
    autoFocus: autofocus,
    intent: errors ? ('danger' as const) : ('none' as const),
    'aria-describedby': ariaDescribedByIds(id),
    // The form's own message is shown instead once it has one.
    showFormatError: !errors,
    formatError: dateMessage(format, { 'ui:options': options }, kind),
    onChange: (next: string | null) => props.onChange(next ?? emptyValueOf(options)),
    onInvalid: (text: string) => props.onChange(text),
    onFocus: () => props.onFocus(id, value),
    onBlur: () => props.onBlur(id, value),
  };
}

/** A date field (`YYYY-MM-DD`): typed in the app's language or ISO, or picked. */
export function DateWidget(props: WidgetProps) {
  const intl = useIntl();
  const format: FormatMessage = (descriptor, values) => intl.formatMessage(descriptor, values);
  return <DateInput {...inputProps(props, format, 'date')} />;
}

/** A date-time field: local time typed or picked, sent as an ISO 8601 instant (docs/api.md). */
export function DateTimeWidget(props: WidgetProps) {
  const intl = useIntl();
  const format: FormatMessage = (descriptor, values) => intl.formatMessage(descriptor, values);
  return <DateTimeInput {...inputProps(props, format, 'datetime')} />;
}

/**
 * The run's month in the app's month input (typed `3/2025`, `březen 2025` or picked in its
 * grid): the form's value stays the month's first day (`YYYY-MM-01`), as the API takes it
 * (docs/billing.md "Billing runs").
 */
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { MonthInput } from '../../src/resources';
import { firstDayOfMonth, monthOfDate } from './month';

/** A month input whose value is the month's first day. */
export function MonthWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, rawErrors } = props;
  return (
    <MonthInput
      id={id}
      value={monthOfDate(value) || null}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      intent={rawErrors?.length ? 'danger' : 'none'}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(month) => props.onChange(month ? firstDayOfMonth(month) : undefined)}
      onBlur={() => props.onBlur(id, value)}
      onFocus={() => props.onFocus(id, value)}
    />
  );
}

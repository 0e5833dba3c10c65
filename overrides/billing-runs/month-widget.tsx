/**
 * The run's month as a month picker (`<input type="month">`): the form's value stays the
 * month's first day (`YYYY-MM-01`), as the API takes it (issue #15 "Billing run").
 */
import type { ChangeEvent } from 'react';
import { InputGroup } from '@blueprintjs/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { firstDayOfMonth, monthOfDate } from './month';

/** A month picker whose value is the month's first day. */
export function MonthWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, rawErrors } = props;
  return (
    <InputGroup
      id={id}
      name={id}
      type="month"
      value={monthOfDate(value)}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      intent={rawErrors?.length ? 'danger' : 'none'}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        props.onChange(firstDayOfMonth(event.target.value))
      }
      onBlur={() => props.onBlur(id, value)}
      onFocus={() => props.onFocus(id, value)}
    />
  );
}

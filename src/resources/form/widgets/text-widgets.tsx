/** Text-like widgets: text (also integers), textarea, e-mail, password. */
import type { ChangeEvent } from 'react';
import { InputGroup, TextArea } from '@blueprintjs/core';
import { ariaDescribedByIds, getSchemaType, type WidgetProps } from '@rjsf/utils';
import { emptyValueOf } from './labels';
import { unitElement, useUnitText } from './unit';

function isNumeric(props: WidgetProps): 'integer' | 'number' | null {
  const type = getSchemaType(props.schema);
  return type === 'integer' || type === 'number' ? type : null;
}

/**
 * Typed text → form value. Numbers become numbers when they parse (`12`, Czech `1,5`);
 * anything else stays text, for validation to name.
 */
function toValue(props: WidgetProps, text: string): unknown {
  if (text.trim() === '') return emptyValueOf(props.options);
  const numeric = isNumeric(props);
  if (!numeric) return text;
  const compact = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  const pattern = numeric === 'integer' ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/;
  return pattern.test(compact) ? Number(compact) : text;
}

function InputWidget(props: WidgetProps & { type: string }) {
  const { id, value, required, disabled, readonly, autofocus, placeholder, rawErrors, type } =
    props;
  const numeric = isNumeric(props);
  const unit = useUnitText(props.options);
  return (
    <InputGroup
      id={id}
      name={id}
      type={type}
      autoComplete={props.autoComplete}
      inputMode={numeric === 'integer' ? 'numeric' : numeric ? 'decimal' : undefined}
      className={numeric ? 'joule-number-input' : undefined}
      rightElement={numeric ? unitElement(unit) : undefined}
      value={value === null || value === undefined ? '' : String(value)}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      placeholder={placeholder}
      intent={rawErrors?.length ? 'danger' : 'none'}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        props.onChange(toValue(props, event.target.value))
      }
      onBlur={() => props.onBlur(id, value)}
      onFocus={() => props.onFocus(id, value)}
    />
  );
}

/** One-line text; integers and numbers too (schema type decides the value type). */
export function TextWidget(props: WidgetProps) {
  return <InputWidget {...props} type="text" />;
}

/** An e-mail address. */
export function EmailWidget(props: WidgetProps) {
  return <InputWidget {...props} type="email" />;
}

/** A password, never shown. */
export function PasswordWidget(props: WidgetProps) {
  return <InputWidget {...props} type="password" autoComplete="new-password" />;
}

/** Multi-line text. */
export function TextareaWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, rawErrors, options } = props;
  const rows = typeof options.rows === 'number' ? options.rows : 3;
  return (
    <TextArea
      id={id}
      name={id}
      rows={rows}
      fill
      value={typeof value === 'string' ? value : ''}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      intent={rawErrors?.length ? 'danger' : 'none'}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) =>
        props.onChange(event.target.value === '' ? emptyValueOf(options) : event.target.value)
      }
      onBlur={() => props.onBlur(id, value)}
      onFocus={() => props.onFocus(id, value)}
    />
  );
}

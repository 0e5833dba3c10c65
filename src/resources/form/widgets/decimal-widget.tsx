import { useState } from 'react';
import { useIntl } from 'react-intl';
import { InputGroup } from '@blueprintjs/core';
import { ariaDescribedByIds, getSchemaType, type WidgetProps } from '@rjsf/utils';
import { decimalSeparator, decimalToInput, parseDecimalInput } from './decimal';
import { emptyValueOf } from './labels';
import { unitElement, useUnitText } from './unit';

/**
 * A decimal amount: shown and typed with the locale's separator (`1234,50` in Czech), kept
 * as the API's fixed-places string (`"1234.50"`, `ui:options.decimalPlaces` digits after
 * blur) — or as a number when the schema says `number`. Text that is no number stays in
 * the form as typed, so the pattern check names it and nothing typed is lost.
 */
export function DecimalWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, placeholder, rawErrors, options } =
    props;
  const intl = useIntl();
  const separator = decimalSeparator(intl.locale);
  const places = typeof options.decimalPlaces === 'number' ? options.decimalPlaces : undefined;
  const numeric = getSchemaType(props.schema) === 'number';
  const unit = useUnitText(options);
  // While focused, the text as typed; otherwise the value, formatted.
  const [draft, setDraft] = useState<string | null>(null);

  const toValue = (text: string, pad: boolean): unknown => {
    const parsed = parseDecimalInput(text, pad ? places : undefined);
    if (parsed.kind === 'empty') return emptyValueOf(options);
    if (parsed.kind === 'invalid') return parsed.text;
    return numeric ? Number(parsed.value) : parsed.value;
  };

  return (
    <InputGroup
      id={id}
      name={id}
      inputMode="decimal"
      className="joule-number-input"
      rightElement={unitElement(unit)}
      value={draft ?? decimalToInput(value, separator)}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      placeholder={placeholder}
      intent={rawErrors?.length ? 'danger' : 'none'}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => {
        setDraft(event.target.value);
        props.onChange(toValue(event.target.value, false));
      }}
      onFocus={() => props.onFocus(id, value)}
      onBlur={() => {
        const next = draft === null ? value : toValue(draft, true);
        setDraft(null);
        if (next !== value) props.onChange(next);
        props.onBlur(id, next);
      }}
    />
  );
}

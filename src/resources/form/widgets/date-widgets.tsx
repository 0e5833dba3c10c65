/** Date and date-time widgets with SPEC §5's format message. */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Classes, InputGroup } from '@blueprintjs/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { messages } from '../../messages';
import { dateMessage, type FormatMessage } from '../validation';
import { emptyValueOf } from './labels';

/** True for a real calendar date written `YYYY-MM-DD` (the API's date format). */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * A date typed as `YYYY-MM-DD` (Czech placeholder `RRRR-MM-DD`). Leaving the field with
 * anything else shows "Date must be in YYYY-MM-DD" / "Datum musí být ve formátu RRRR-MM-DD"
 * at once (a field can name its own message: `ui:options.dateMessageId`); the form's
 * validation repeats it on submit, so a wrong date is never sent.
 */
export function DateWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, rawErrors, options } = props;
  const intl = useIntl();
  const [touched, setTouched] = useState(false);
  const text = typeof value === 'string' ? value : '';
  const localError = touched && text !== '' && !isIsoDate(text);
  const shownError = localError && !rawErrors?.length;
  const format: FormatMessage = (descriptor, values) => intl.formatMessage(descriptor, values);
  const localId = `${id}__format`;
  return (
    <>
      <InputGroup
        id={id}
        name={id}
        inputMode="numeric"
        autoComplete="off"
        placeholder={intl.formatMessage(messages.datePattern)}
        value={text}
        required={required}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        intent={rawErrors?.length || localError ? 'danger' : 'none'}
        aria-invalid={rawErrors?.length || localError ? true : undefined}
        aria-describedby={`${ariaDescribedByIds(id)}${shownError ? ` ${localId}` : ''}`}
        onChange={(event) => {
          const next = event.target.value.trim();
          props.onChange(next === '' ? emptyValueOf(options) : next);
        }}
        onFocus={() => props.onFocus(id, value)}
        onBlur={() => {
          setTouched(true);
          props.onBlur(id, value);
        }}
      />
      {shownError && (
        <div id={localId} className={Classes.FORM_HELPER_TEXT} role="alert">
          {dateMessage(format, { 'ui:options': options }, 'date')}
        </div>
      )}
    </>
  );
}

function toLocalInput(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A date and time in local time; sent as ISO 8601 (UTC, `Z` offset) as API.md asks. */
export function DateTimeWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, rawErrors, options } = props;
  return (
    <InputGroup
      id={id}
      name={id}
      type="datetime-local"
      value={toLocalInput(value)}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      intent={rawErrors?.length ? 'danger' : 'none'}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => {
        const local = event.target.value;
        const date = new Date(local);
        if (local === '') props.onChange(emptyValueOf(options));
        else props.onChange(Number.isNaN(date.getTime()) ? local : date.toISOString());
      }}
      onFocus={() => props.onFocus(id, value)}
      onBlur={() => props.onBlur(id, value)}
    />
  );
}

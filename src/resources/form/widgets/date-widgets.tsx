/**
 * Date and date-time widgets with docs/product.md §5's format message: typed as `YYYY-MM-DD`
 * (`YYYY-MM-DD HH:MM` with a time), or picked in Blueprint's calendar in the app's language
 * (issue 17), which loads in its own chunk when first opened.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Classes, InputGroup } from '@blueprintjs/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { dialogMessages } from '../../dialog-messages';
import { dateMessage, type FormatMessage } from '../validation';
import { CalendarButton } from './calendar-button';
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

// The calendar button lives apart, so the list's filters use it without rjsf.
export { CalendarButton, type CalendarButtonProps } from './calendar-button';

/** The local calendar day of `YYYY-MM-DD`, or null. */
function localDay(text: string): Date | null {
  if (!isIsoDate(text)) return null;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local date as `YYYY-MM-DD`. */
function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
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
        placeholder={intl.formatMessage(dialogMessages.datePattern)}
        value={text}
        required={required}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        intent={rawErrors?.length || localError ? 'danger' : 'none'}
        aria-invalid={rawErrors?.length || localError ? true : undefined}
        aria-describedby={`${ariaDescribedByIds(id)}${shownError ? ` ${localId}` : ''}`}
        rightElement={
          <CalendarButton
            value={localDay(text)}
            disabled={disabled || readonly}
            onPick={(date) => {
              setTouched(true);
              props.onChange(isoDay(date));
            }}
          />
        }
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

/** An API date-time as the local `YYYY-MM-DD HH:MM` people type; other text as it is. */
export function toLocalInput(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${isoDay(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `YYYY-MM-DD HH:MM` (or with `T`) in local time → that instant, or null when malformed. */
export function parseLocalDateTime(text: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2})$/.exec(text.trim());
  const day = match ? localDay(match[1] ?? '') : null;
  if (!match || !day) return null;
  const [hours, minutes] = [Number(match[2]), Number(match[3])];
  if (hours > 23 || minutes > 59) return null;
  day.setHours(hours, minutes);
  return day;
}

/**
 * A date and time in local time, typed as `YYYY-MM-DD HH:MM` or picked in the calendar;
 * sent as ISO 8601 (UTC, `Z` offset) as docs/api.md asks. Malformed text is passed on as typed,
 * so the form's validation refuses it.
 */
export function DateTimeWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, rawErrors, options } = props;
  const intl = useIntl();
  const shown = toLocalInput(value);
  const [text, setText] = useState(shown);
  const [followed, setFollowed] = useState(shown);
  // The value changed from outside (the calendar, a reset): show it.
  if (shown !== followed) {
    setFollowed(shown);
    if (parseLocalDateTime(text)?.getTime() !== parseLocalDateTime(shown)?.getTime())
      setText(shown);
  }
  const send = (next: string) => {
    const date = parseLocalDateTime(next);
    if (next.trim() === '') props.onChange(emptyValueOf(options));
    else props.onChange(date ? date.toISOString() : next);
  };
  return (
    <InputGroup
      id={id}
      name={id}
      autoComplete="off"
      placeholder={`${intl.formatMessage(dialogMessages.datePattern)} HH:MM`}
      value={text}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      intent={rawErrors?.length ? 'danger' : 'none'}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      rightElement={
        <CalendarButton
          value={parseLocalDateTime(text)}
          withTime
          disabled={disabled || readonly}
          onPick={(date) => {
            const next = toLocalInput(date.toISOString());
            setText(next);
            send(next);
          }}
        />
      }
      onChange={(event) => {
        setText(event.target.value);
        send(event.target.value);
      }}
      onFocus={() => props.onFocus(id, value)}
      onBlur={() => props.onBlur(id, value)}
    />
  );
}

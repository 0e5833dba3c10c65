/**
 * The app's one date, date-time and month input (docs/extending.md "Dates and times"): a
 * text input showing the value as the lists show it, taking what people type in the app's
 * language or in ISO 8601, with Blueprint's calendar (or the month grid) behind its button.
 * Values are the API's: `YYYY-MM-DD`, an ISO 8601 instant, `YYYY-MM`.
 */
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Classes, InputGroup, type Intent } from '@blueprintjs/core';
import { CalendarButton } from './calendar-button';
import type { CalendarPick } from './calendar';
import {
  formatDateText,
  formatDateTimeText,
  formatMonthText,
  isIsoMonth,
  isoToLocalDay,
  parseDateText,
  parseDateTimeText,
  parseMonthText,
} from './date-text';
import { dateMessages } from './messages';
import { useTypedText, type TextCodec } from './use-typed-text';
import { isIsoDate, toIsoDate } from '../../i18n';

/** What every date input takes besides its value. */
export interface DateInputBaseProps {
  /** The input's id (a `FormGroup`'s `labelFor`) and name. */
  readonly id?: string;
  /** The accessible name when no label points at `id`. */
  readonly 'aria-label'?: string;
  /** Ids of texts describing the input (its field's errors, help). */
  readonly 'aria-describedby'?: string;
  /**
   * Called with the text typed when it names no value (`32. 13. 2026`); the value is left
   * as it was. A form that must refuse the text on submit keeps it instead.
   */
  readonly onInvalid?: (text: string) => void;
  /** @default false */
  readonly required?: boolean;
  /** @default false */
  readonly disabled?: boolean;
  /** Shown, not editable. @default false */
  readonly readOnly?: boolean;
  /** @default false */
  readonly autoFocus?: boolean;
  /** Marks the input (e.g. `danger` for a field error from the form). @default 'none' */
  readonly intent?: Intent;
  /**
   * Say below the input which format it takes, when left with text that names no value.
   * Off where the form says it itself. @default true
   */
  readonly showFormatError?: boolean;
  /** The text said below a wrong entry. @default "Date must be in <the language's format>" */
  readonly formatError?: string;
  readonly onFocus?: () => void;
  readonly onBlur?: () => void;
  /** @default the input's own width */
  readonly style?: CSSProperties;
  /** Take the container's width. @default false */
  readonly fill?: boolean;
}

/** Props of `DateInput`. */
export interface DateInputProps extends DateInputBaseProps {
  /** `YYYY-MM-DD`, or null/undefined/'' for none. */
  readonly value: string | null | undefined;
  /** A date typed or picked (`YYYY-MM-DD`), or null once emptied. */
  readonly onChange: (value: string | null) => void;
}

/** Props of `DateTimeInput`. */
export interface DateTimeInputProps extends DateInputBaseProps {
  /** An ISO 8601 instant (any offset), or null/undefined/'' for none. */
  readonly value: string | null | undefined;
  /** The instant typed or picked, as ISO 8601 in UTC (`…Z`), or null once emptied. */
  readonly onChange: (value: string | null) => void;
}

/** Props of `MonthInput`. */
export interface MonthInputProps extends DateInputBaseProps {
  /** `YYYY-MM`, or null/undefined/'' for none. */
  readonly value: string | null | undefined;
  /** A month typed or picked (`YYYY-MM`), or null once emptied. */
  readonly onChange: (value: string | null) => void;
}

/** Props of `TextDateInput`: a value, how it reads, and what its calendar picks. */
export interface TextDateInputProps<V> extends DateInputBaseProps {
  readonly value: V | null;
  readonly codec: TextCodec<V>;
  readonly onChange: (value: V | null) => void;
  readonly placeholder: string;
  readonly formatError: string;
  /** What the calendar button picks; `pick` sets this input's value as if typed. None: no button. */
  readonly calendar?: (value: V | null, pick: (value: V) => void) => CalendarPick;
  /** Width in px unless `fill`. */
  readonly width: number;
}

/** The view the date inputs share (the range input's ends too). */
export function TextDateInput<V>(props: TextDateInputProps<V>) {
  const { id, value, codec, disabled, readOnly, intent, showFormatError = true } = props;
  const typed = useTypedText(value, codec, { onValue: props.onChange, onInvalid: props.onInvalid });
  const errorId = `${id ?? 'date'}__format`;
  const shownError = typed.invalid && showFormatError;
  const describedBy = [props['aria-describedby'], shownError ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  const danger = intent === 'danger' || typed.invalid;
  const pick = (next: V) => {
    typed.onChange(codec.show(next));
  };
  let error: ReactNode = null;
  if (shownError)
    error = (
      <div id={errorId} className={Classes.FORM_HELPER_TEXT} role="alert">
        {props.formatError}
      </div>
    );
  return (
    <>
      <InputGroup
        id={id}
        name={id}
        aria-label={props['aria-label']}
        aria-describedby={describedBy || undefined}
        aria-invalid={danger || undefined}
        autoComplete="off"
        placeholder={props.placeholder}
        value={typed.text}
        required={props.required}
        disabled={disabled}
        readOnly={readOnly}
        autoFocus={props.autoFocus}
        intent={danger ? 'danger' : (intent ?? 'none')}
        fill={props.fill}
        style={props.fill ? props.style : { width: props.width, ...props.style }}
        rightElement={
          props.calendar && (
            <CalendarButton {...props.calendar(value, pick)} disabled={disabled || readOnly} />
          )
        }
        onChange={(event) => typed.onChange(event.target.value)}
        onFocus={props.onFocus}
        onBlur={() => {
          typed.onBlur();
          props.onBlur?.();
        }}
      />
      {error}
    </>
  );
}

/** How a date reads in the app's language, and what its input says about a wrong one. */
export function useDateText(): {
  readonly codec: TextCodec<string>;
  readonly placeholder: string;
  readonly formatError: string;
} {
  const intl = useIntl();
  const { locale } = intl;
  const codec = useMemo<TextCodec<string>>(
    () => ({
      show: (iso) => formatDateText(iso, locale),
      parse: (text) => parseDateText(text, locale),
      equal: (a, b) => a === b,
    }),
    [locale],
  );
  const placeholder = intl.formatMessage(dateMessages.datePattern);
  const formatError = intl.formatMessage(dateMessages.dateFormat, { format: placeholder });
  return { codec, placeholder, formatError };
}

/** `value` when it is a `YYYY-MM-DD` date, else null. */
export const isoDateOrNull = (value: unknown): string | null =>
  typeof value === 'string' && isIsoDate(value) ? value : null;

/** A date `YYYY-MM-DD`, typed as `1. 4. 2025` / `4/1/2025` / `2025-04-01` or picked. */
export function DateInput({ value, onChange, ...rest }: DateInputProps) {
  const text = useDateText();
  return (
    <TextDateInput<string>
      {...rest}
      codec={text.codec}
      placeholder={text.placeholder}
      formatError={rest.formatError ?? text.formatError}
      value={isoDateOrNull(value)}
      onChange={onChange}
      width={150}
      calendar={(current, pick) => ({
        value: isoToLocalDay(current),
        onPick: (date) => pick(toIsoDate(date)),
      })}
    />
  );
}

/** The instant of an ISO 8601 text, or null. */
const instant = (text: string) => {
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time);
};

/**
 * A date and time in the browser's time zone, typed as `1. 4. 2025 8:00` /
 * `4/1/2025, 8:00 AM` / `2025-04-01 08:00` or picked; the value is an ISO 8601 instant.
 */
export function DateTimeInput({ value, onChange, ...rest }: DateTimeInputProps) {
  const intl = useIntl();
  const { locale } = intl;
  const codec = useMemo<TextCodec<string>>(
    () => ({
      show: (iso) => formatDateTimeText(iso, locale),
      parse: (text) => parseDateTimeText(text, locale)?.toISOString() ?? null,
      equal: (a, b) => Date.parse(a) === Date.parse(b),
    }),
    [locale],
  );
  const pattern = intl.formatMessage(dateMessages.dateTimePattern);
  return (
    <TextDateInput<string>
      {...rest}
      value={typeof value === 'string' && instant(value) ? value : null}
      codec={codec}
      onChange={onChange}
      placeholder={pattern}
      formatError={
        rest.formatError ?? intl.formatMessage(dateMessages.dateTimeFormat, { format: pattern })
      }
      width={200}
      calendar={(current, pick) => ({
        value: current ? instant(current) : null,
        withTime: true,
        onPick: (date) => pick(date.toISOString()),
      })}
    />
  );
}

/** A month `YYYY-MM`, typed as `4/2025` / `duben 2025` / `2025-04` or picked. */
export function MonthInput({ value, onChange, ...rest }: MonthInputProps) {
  const intl = useIntl();
  const { locale } = intl;
  const codec = useMemo<TextCodec<string>>(
    () => ({
      show: (month) => formatMonthText(month, locale),
      parse: (text) => parseMonthText(text, locale),
      equal: (a, b) => a === b,
    }),
    [locale],
  );
  const pattern = intl.formatMessage(dateMessages.monthPattern);
  return (
    <TextDateInput<string>
      {...rest}
      value={isIsoMonth(value) ? value : null}
      codec={codec}
      onChange={onChange}
      placeholder={pattern}
      formatError={
        rest.formatError ?? intl.formatMessage(dateMessages.monthFormat, { format: pattern })
      }
      width={170}
      calendar={(current, pick) => ({ mode: 'month', value: current, onPick: pick })}
    />
  );
}

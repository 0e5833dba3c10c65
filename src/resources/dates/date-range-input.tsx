/**
 * A range of days, both inclusive (docs/extending.md "Dates and times"): two date inputs,
 * from and to, each typed as the app's date input is, and Blueprint's range picker behind
 * either's calendar button.
 */
import { useIntl } from 'react-intl';
import { Classes } from '@blueprintjs/core';
import { TextDateInput, isoDateOrNull, useDateText } from './date-input';
import { isoToLocalDay } from './date-text';
import { dateMessages } from './messages';
import { toIsoDate } from '../../i18n';

/** A range of days: `YYYY-MM-DD` each, both inclusive; an end may be missing while picked. */
export interface DateRange {
  readonly from: string | null;
  readonly to: string | null;
}

/** Props of `DateRangeInput`. */
export interface DateRangeInputProps {
  readonly value: DateRange;
  /** Each change of either end, typed or picked. */
  readonly onChange: (value: DateRange) => void;
  /** What the range is (`Period`): the ends are named "<label>: from" and "<label>: to". */
  readonly label: string;
  /** Id prefix: the ends are `<id>-from` and `<id>-to`. */
  readonly id: string;
  /** @default false */
  readonly disabled?: boolean;
  /** @default false */
  readonly required?: boolean;
  /** The ends' own accessible names ("From", "To (inclusive)"). @default "<label>: from/to" */
  readonly endLabels?: { readonly from: string; readonly to: string };
}

/**
 * From and to, with the range picker on both calendar buttons; an end before the start is
 * marked and said below.
 */
export function DateRangeInput({
  value,
  onChange,
  label,
  id,
  disabled,
  required,
  endLabels,
}: DateRangeInputProps) {
  const intl = useIntl();
  const text = useDateText();
  const from = isoDateOrNull(value.from);
  const to = isoDateOrNull(value.to);
  const reversed = !!from && !!to && to < from;
  const orderId = `${id}__order`;
  const calendar = () => ({
    mode: 'range' as const,
    value: [isoToLocalDay(from), isoToLocalDay(to)] as const,
    onPick: ([start, end]: [Date | null, Date | null]) =>
      onChange({
        from: start ? toIsoDate(start) : null,
        to: end ? toIsoDate(end) : null,
      }),
  });
  return (
    <div className="joule-date-range">
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <TextDateInput<string>
          {...text}
          id={`${id}-from`}
          aria-label={endLabels?.from ?? intl.formatMessage(dateMessages.rangeFrom, { label })}
          value={from}
          onChange={(next) => onChange({ ...value, from: next })}
          disabled={disabled}
          required={required}
          width={150}
          calendar={calendar}
        />
        <span aria-hidden="true">–</span>
        <TextDateInput<string>
          {...text}
          id={`${id}-to`}
          aria-label={endLabels?.to ?? intl.formatMessage(dateMessages.rangeTo, { label })}
          aria-describedby={reversed ? orderId : undefined}
          intent={reversed ? 'danger' : 'none'}
          value={to}
          onChange={(next) => onChange({ ...value, to: next })}
          disabled={disabled}
          required={required}
          width={150}
          calendar={calendar}
        />
      </div>
      {reversed && (
        <div id={orderId} className={Classes.FORM_HELPER_TEXT} role="alert">
          {intl.formatMessage(dateMessages.rangeOrder)}
        </div>
      )}
    </div>
  );
}

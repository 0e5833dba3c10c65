/**
 * The calendar button of date and date-time inputs (issue 17: Blueprint's date picker in
 * the app's language): in the dialogs' date widgets and the lists' date filters. The
 * calendar itself (`calendar.tsx`) loads in its own chunk when first opened.
 */
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Popover, Spinner } from '@blueprintjs/core';
import { messages } from '../../messages';

const LazyCalendar = lazy(() => import('./calendar'));

/** Props of `CalendarButton`. */
export interface CalendarButtonProps {
  /** The value shown selected (a local date and time), or null. */
  readonly value: Date | null;
  readonly withTime?: boolean;
  readonly disabled?: boolean;
  readonly onPick: (date: Date) => void;
}

/**
 * A calendar button for a date field's `rightElement`: opens Blueprint's date picker in the
 * app's language (month and day names, first day of the week), loaded on first use.
 */
export function CalendarButton({ value, withTime, disabled, onPick }: CalendarButtonProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <Popover
      isOpen={open}
      onInteraction={(next) => setOpen(next)}
      placement="bottom-end"
      disabled={disabled}
      content={
        <Suspense fallback={<Spinner size={20} style={{ margin: 16 }} />}>
          <LazyCalendar
            value={value}
            locale={intl.locale}
            withTime={withTime}
            onPick={(date) => {
              onPick(date);
              if (!withTime) setOpen(false);
            }}
          />
        </Suspense>
      }
    >
      <Button
        variant="minimal"
        icon="calendar"
        disabled={disabled}
        aria-label={intl.formatMessage(messages.openCalendar)}
        aria-expanded={open}
      />
    </Popover>
  );
}

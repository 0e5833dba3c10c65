/**
 * The calendar button of date and date-time inputs (issue 17: Blueprint's date picker in
 * the app's language): in the dialogs' date widgets and the lists' date filters. Its popover
 * (`calendar-popover.tsx`: Blueprint's `PopoverNext`) loads on first use or 1.5 s
 * after the page shows (`DeferredPopover`), the calendar itself (`calendar.tsx`) in its own
 * chunk when first opened.
 */
import { useIntl } from 'react-intl';
import { Button } from '@blueprintjs/core';
import { DeferredPopover } from '../../deferred-popover';
import { dialogMessages } from '../../dialog-messages';

/** Props of `CalendarButton`. */
export interface CalendarButtonProps {
  /** The value shown selected (a local date and time), or null. */
  readonly value: Date | null;
  readonly withTime?: boolean;
  readonly disabled?: boolean;
  readonly onPick: (date: Date) => void;
}

const loadPopover = async () => (await import('./calendar-popover')).CalendarPopover;

/**
 * A calendar button for a date field's `rightElement`: opens Blueprint's date picker in the
 * app's language (month and day names, first day of the week), loaded on first use.
 */
export function CalendarButton(props: CalendarButtonProps) {
  const intl = useIntl();
  return (
    <DeferredPopover<CalendarButtonProps> load={loadPopover} props={props}>
      <Button
        variant="minimal"
        icon="calendar"
        disabled={props.disabled}
        aria-label={intl.formatMessage(dialogMessages.openCalendar)}
      />
    </DeferredPopover>
  );
}

/**
 * The calendar button of the app's date inputs (a day, a day and time, a month, a range) and
 * of the lists' date filters. Its popover (`calendar-popover.tsx`: Blueprint's
 * `PopoverNext`) loads on first use or 1.5 s after the page shows (`LazyPopover`), the
 * calendar itself (`calendar.tsx`) in its own chunk when first opened.
 */
import { useIntl } from 'react-intl';
import { Button } from '@blueprintjs/core';
import { LazyPopover } from '../lazy-popover';
import type { CalendarPick } from './calendar';
import { dateMessages } from './messages';

/** Props of `CalendarButton`: what its calendar picks, and whether it can be opened. */
export type CalendarButtonProps = CalendarPick & {
  /** @default false */
  readonly disabled?: boolean;
};

const loadPopover = async () => (await import('./calendar-popover')).CalendarPopover;

/**
 * A calendar button for a date input's `rightElement`: opens Blueprint's date picker (or
 * range picker, or the month grid) in the app's language, loaded on first use.
 */
export function CalendarButton(props: CalendarButtonProps) {
  const intl = useIntl();
  return (
    <LazyPopover<CalendarButtonProps> load={loadPopover} props={props}>
      <Button
        variant="minimal"
        icon="calendar"
        disabled={props.disabled}
        aria-label={intl.formatMessage(dateMessages.openCalendar)}
      />
    </LazyPopover>
  );
}

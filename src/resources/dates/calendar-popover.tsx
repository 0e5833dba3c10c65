/**
 * The popover of `CalendarButton` (loaded on first use through `LazyPopover`, so that
 * Blueprint's popover and its positioning are not in a list page's first chunks): the
 * calendar in the app's language, itself in a chunk of its own (`calendar.tsx`). It is
 * Blueprint's `PopoverNext` (Floating UI), as every popover of the app: the legacy `Popover`
 * (react-popper) warns under React 19.
 */
import { cloneElement, lazy, Suspense, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { PopoverNext, Spinner } from '@blueprintjs/core';
import type { PopoverHostProps } from '../lazy-popover';
import type { CalendarPick } from './calendar';
import type { CalendarButtonProps } from './calendar-button';

const LazyCalendar = lazy(() => import('./calendar'));

/**
 * The pick with its `onPick` closing the popover once the pick is whole: a day without a
 * time, a month, a range with both ends (a time is adjusted in place, so it stays open).
 */
function closingPick(pick: CalendarPick, close: () => void): CalendarPick {
  switch (pick.mode) {
    case 'month':
      return {
        ...pick,
        onPick: (month: string) => {
          pick.onPick(month);
          close();
        },
      };
    case 'range':
      return {
        ...pick,
        onPick: (range: [Date | null, Date | null]) => {
          pick.onPick(range);
          if (range[0] && range[1]) close();
        },
      };
    default:
      return {
        ...pick,
        onPick: (date: Date) => {
          pick.onPick(date);
          if (!pick.withTime) close();
        },
      };
  }
}

/** The calendar's popover around `CalendarButton`'s button (`children`). */
export function CalendarPopover(props: CalendarButtonProps & PopoverHostProps) {
  const { disabled, defaultIsOpen, children, ...pick } = props;
  const intl = useIntl();
  const [open, setOpen] = useState(!disabled && !!defaultIsOpen);
  return (
    <PopoverNext
      isOpen={open}
      onInteraction={(next) => setOpen(next)}
      placement="bottom-end"
      disabled={disabled}
      content={
        <Suspense fallback={<Spinner size={20} style={{ margin: 16 }} />}>
          <LazyCalendar
            {...closingPick(pick as CalendarPick, () => setOpen(false))}
            locale={intl.locale}
          />
        </Suspense>
      }
    >
      {cloneElement(children as ReactElement<{ 'aria-expanded'?: boolean }>, {
        'aria-expanded': open,
      })}
    </PopoverNext>
  );
}

/**
 * The popover of `CalendarButton` (loaded on first use through `DeferredPopover`, so that
 * Blueprint's popover and its positioning are not in a list page's first chunks): Blueprint's
 * date picker in the app's language, itself in a chunk of its own (`calendar.tsx`). It is
 * Blueprint's `PopoverNext` (Floating UI), as every popover of the app: the legacy `Popover`
 * (react-popper) warns under React 19.
 */
import { cloneElement, lazy, Suspense, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { PopoverNext, Spinner } from '@blueprintjs/core';
import type { PopoverHostProps } from '../../deferred-popover';
import type { CalendarButtonProps } from './calendar-button';

const LazyCalendar = lazy(() => import('./calendar'));

/** The calendar's popover around `CalendarButton`'s button (`children`). */
export function CalendarPopover({
  value,
  withTime,
  disabled,
  onPick,
  defaultIsOpen,
  children,
}: CalendarButtonProps & PopoverHostProps) {
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
      {cloneElement(children as ReactElement<{ 'aria-expanded'?: boolean }>, {
        'aria-expanded': open,
      })}
    </PopoverNext>
  );
}

import { useCallback, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

/** Pages longer than this render only the rows in view. */
export const VIRTUALIZE_OVER = 100;
/** Row height in px; fixed by CSS (`resource-table.css`) so rows need no measuring. */
export const ROW_HEIGHT = 32;

/** The rows to render: `[start, end)` of the page, and the space above and below them. */
export interface VisibleRows {
  readonly virtual: boolean;
  readonly start: number;
  readonly end: number;
  /** px of spacer before the first rendered row. */
  readonly padTop: number;
  /** px of spacer after the last rendered row. */
  readonly padBottom: number;
  /** Scrolls a row into view (a no-op when every row is rendered). */
  readonly scrollToIndex: (index: number) => void;
}

/**
 * Which rows of a page to render (`@tanstack/react-virtual`): all of a short page, only
 * those in view (plus a few) of a long one, such as the 9,999 rows of "all".
 */
export function useVisibleRows(
  count: number,
  scrollRef: RefObject<HTMLElement | null>,
): VisibleRows {
  const virtual = count > VIRTUALIZE_OVER;
  const virtualizer = useVirtualizer({
    count: virtual ? count : 0,
    enabled: virtual,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // Before the first measurement, assume a screenful so the first paint has rows.
    initialRect: { width: 0, height: 800 },
  });
  const scrollToIndex = useCallback(
    (index: number) => (virtual ? virtualizer.scrollToIndex(index) : undefined),
    [virtual, virtualizer],
  );
  if (!virtual) return { virtual, start: 0, end: count, padTop: 0, padBottom: 0, scrollToIndex };
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  return {
    virtual,
    start: first?.index ?? 0,
    end: last ? last.index + 1 : 0,
    padTop: first?.start ?? 0,
    padBottom: virtualizer.getTotalSize() - (last?.end ?? 0),
    scrollToIndex,
  };
}

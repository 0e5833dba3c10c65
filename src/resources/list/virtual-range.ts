/**
 * The virtualizer of long list pages (`@tanstack/react-virtual`), in a chunk of its own:
 * `useVisibleRows` (use-visible-rows.ts) renders it only for a page of more than
 * `VIRTUALIZE_OVER` rows, so a list page of 25 rows never loads it (docs/architecture.md, Speed).
 */
import { useLayoutEffect, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ROW_HEIGHT, type RowRange, type ScrollTo } from './use-visible-rows';

/** Props of `VirtualRange`. */
export interface VirtualRangeProps {
  readonly count: number;
  readonly scrollRef: RefObject<HTMLElement | null>;
  /** Told the rows in view (plus a few) whenever they change. */
  readonly onRange: (range: RowRange) => void;
  /** Given the virtualizer's `scrollToIndex` while mounted; a pending scroll is done on mount. */
  readonly scrollTo: ScrollTo;
}

/**
 * Follows the scroll position of a long page and reports which rows to render; renders
 * nothing itself.
 */
export function VirtualRange({ count, scrollRef, onRange, scrollTo }: VirtualRangeProps) {
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // Before the first measurement, assume a screenful so the first paint has rows.
    initialRect: { width: 0, height: 800 },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  const start = first?.index ?? 0;
  const end = last ? last.index + 1 : 0;
  const padTop = first?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (last?.end ?? 0);
  // Before paint, so the table never shows a frame of the wrong rows.
  useLayoutEffect(() => {
    onRange({ count, start, end, padTop, padBottom });
  }, [onRange, count, start, end, padTop, padBottom]);
  useLayoutEffect(() => {
    scrollTo.current = (index) => virtualizer.scrollToIndex(index);
    if (scrollTo.pending !== undefined) {
      virtualizer.scrollToIndex(scrollTo.pending);
      scrollTo.pending = undefined;
    }
    return () => {
      scrollTo.current = undefined;
    };
  }, [scrollTo, virtualizer]);
  return null;
}

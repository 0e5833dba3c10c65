import {
  createElement,
  lazy,
  Suspense,
  useCallback,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';

/** Pages longer than this render only the rows in view. */
export const VIRTUALIZE_OVER = 100;
/** Row height in px; fixed by CSS (`resource-table.css`) so rows need no measuring. */
export const ROW_HEIGHT = 32;
/** Rows rendered before the virtualizer has measured: a screenful (800 px) and overscan. */
const FIRST_WINDOW = Math.ceil(800 / ROW_HEIGHT) + 10;

/** Which rows of a page of `count` rows to render: `[start, end)` and the space around. */
export interface RowRange {
  readonly count: number;
  readonly start: number;
  readonly end: number;
  /** px of spacer before the first rendered row. */
  readonly padTop: number;
  /** px of spacer after the last rendered row. */
  readonly padBottom: number;
}

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
  /**
   * The virtualizer of a long page (renders nothing), to be rendered by the caller; null
   * for a short page.
   */
  readonly tracker: ReactNode;
}

/** The virtualizer's `scrollToIndex` once it is mounted, and a scroll asked for before. */
export interface ScrollTo {
  current: ((index: number) => void) | undefined;
  pending?: number;
}

const VirtualRange = lazy(async () => ({
  default: (await import('./virtual-range')).VirtualRange,
}));

/** The first rows of a long page, as the virtualizer starts before it has measured. */
function firstWindow(count: number): RowRange {
  const end = Math.min(count, FIRST_WINDOW);
  return { count, start: 0, end, padTop: 0, padBottom: (count - end) * ROW_HEIGHT };
}

/**
 * Which rows of a page to render (`@tanstack/react-virtual`): all of a short page, only
 * those in view (plus a few) of a long one, such as the 9,999 rows of "all". The
 * virtualizer loads with the first long page (`virtual-range.ts`); until then the long
 * page shows its first screenful.
 */
export function useVisibleRows(
  count: number,
  scrollRef: RefObject<HTMLElement | null>,
): VisibleRows {
  const virtual = count > VIRTUALIZE_OVER;
  const [range, setRange] = useState<RowRange | null>(null);
  const [scrollTo] = useState<ScrollTo>(() => ({ current: undefined }));
  const scrollToIndex = useCallback(
    (index: number) => {
      if (!virtual) return;
      // Before the virtualizer is here, it scrolls there once it is.
      if (scrollTo.current) scrollTo.current(index);
      else scrollTo.pending = index;
    },
    [virtual, scrollTo],
  );
  if (!virtual) {
    return { virtual, start: 0, end: count, padTop: 0, padBottom: 0, scrollToIndex, tracker: null };
  }
  const shown = range?.count === count ? range : firstWindow(count);
  return {
    virtual,
    start: shown.start,
    end: shown.end,
    padTop: shown.padTop,
    padBottom: shown.padBottom,
    scrollToIndex,
    tracker: createElement(
      Suspense,
      { fallback: null },
      createElement(VirtualRange, { count, scrollRef, onRange: setRange, scrollTo }),
    ),
  };
}

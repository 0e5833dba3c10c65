import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';

/** Options of `useRowNavigation`. */
export interface RowNavigationOptions {
  readonly rowCount: number;
  /** The element that holds the rows (`tr[data-index]`). */
  readonly containerRef: RefObject<HTMLElement | null>;
  /** Brings a row into view before it is focused (virtualized lists render it then). */
  readonly scrollToIndex?: (index: number) => void;
  /** Opens the row at an index (Enter, click). */
  readonly onOpen: (index: number) => void;
  /**
   * Selects rows (docs/api.md "Bulk actions"): Space or a click on the row's checkbox
   * toggles the row (`toggle`), Shift+↑/↓ selects the row left and the row reached
   * (`extend`, `from` the row left). Absent: the list has no selection.
   */
  readonly onSelect?: (index: number, mode: 'toggle' | 'extend', from?: number) => void;
  /** Esc on a row, and ↑ on the first row: back to the list's search (and, for Esc, clear). */
  readonly onEscape?: (key: 'Escape' | 'ArrowUp') => void;
}

const PAGE_STEP = 10;

function rowIndexOf(target: EventTarget | null): number | null {
  const row = target instanceof Element ? target.closest('tr[data-index]') : null;
  const index = row ? Number(row.getAttribute('data-index')) : NaN;
  return Number.isInteger(index) ? index : null;
}

/**
 * Roving tabindex over table rows: one row is in the tab order, arrow keys (and Home, End,
 * PageUp, PageDown) move focus between rows, Enter or a click opens one. Handlers go on
 * the row container (event delegation), so rows need no handlers of their own.
 */
export function useRowNavigation({
  rowCount,
  containerRef,
  scrollToIndex,
  onOpen,
  onSelect,
  onEscape,
}: RowNavigationOptions) {
  const [active, setActive] = useState(0);
  const pendingFocus = useRef<number | null>(null);
  const activeIndex = Math.max(0, Math.min(active, rowCount - 1));

  // Runs after every render: a row brought into view by the virtualizer may appear only
  // on a later render than the one that asked for focus.
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const row = containerRef.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`);
    if (row) {
      pendingFocus.current = null;
      row.focus();
    }
  });

  const moveTo = useCallback(
    (index: number) => {
      const next = Math.max(0, Math.min(index, rowCount - 1));
      setActive(next);
      pendingFocus.current = next;
      scrollToIndex?.(next);
    },
    [rowCount, scrollToIndex],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      // Keys of controls inside a cell are theirs; only a focused row navigates.
      if (!(event.target instanceof HTMLTableRowElement)) return;
      const index = rowIndexOf(event.target);
      if (index === null) return;
      const moves: Record<string, number> = {
        ArrowDown: index + 1,
        ArrowUp: index - 1,
        Home: 0,
        End: rowCount - 1,
        PageDown: index + PAGE_STEP,
        PageUp: index - PAGE_STEP,
      };
      if (event.key === 'Enter') {
        event.preventDefault();
        onOpen(index);
      } else if (event.key === ' ' && onSelect) {
        event.preventDefault();
        onSelect(index, 'toggle');
      } else if (event.key === 'Escape' && onEscape) {
        event.preventDefault();
        onEscape('Escape');
      } else if (event.key === 'ArrowUp' && index === 0 && !event.shiftKey && onEscape) {
        event.preventDefault();
        onEscape('ArrowUp');
      } else if (event.key in moves) {
        event.preventDefault();
        const next = Math.max(0, Math.min(moves[event.key] ?? index, rowCount - 1));
        if (event.shiftKey && onSelect && (event.key === 'ArrowDown' || event.key === 'ArrowUp'))
          onSelect(next, 'extend', index);
        moveTo(next);
      }
    },
    [moveTo, onOpen, onSelect, onEscape, rowCount],
  );

  const onClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const index = rowIndexOf(event.target);
      if (index === null) return;
      setActive(index);
      // The row's checkbox (its own cell) selects; anywhere else in the row opens it.
      const inSelectCell =
        event.target instanceof Element && event.target.closest('[data-select-cell]') !== null;
      if (inSelectCell && onSelect) onSelect(index, event.shiftKey ? 'extend' : 'toggle');
      else onOpen(index);
    },
    [onOpen, onSelect],
  );

  return { activeIndex, onKeyDown, onClick };
}

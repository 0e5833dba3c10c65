import { useCallback, useMemo, useState } from 'react';
import type { ResourceDescriptor, ResourceRow } from '../descriptor';
import type { ListState } from './list-query';
import {
  NO_SELECTION,
  isSelected,
  pageState,
  selectedCount,
  setRows,
  type Selection,
} from './selection';

/** What `useListSelection` gives a list view. */
export interface ListSelectionController {
  readonly selection: Selection;
  /** How many rows are selected. */
  readonly count: number;
  readonly isSelected: (row: ResourceRow) => boolean;
  /** `'none'`, `'some'` or `'all'` of the page's rows. */
  readonly pageState: 'none' | 'some' | 'all';
  /** Selects or unselects `rows`. */
  readonly change: (rows: readonly ResourceRow[], selected: boolean) => void;
  /** The header's checkbox: the whole page on, or off when it was all on. */
  readonly togglePage: () => void;
  /** Every row the list's query matches (`count` of them). */
  readonly selectMatching: (count: number) => void;
  readonly clear: () => void;
}

/** The part of the list's state that decides which rows there are (not paging or order). */
function scopeOf(state: ListState): string {
  return JSON.stringify([state.search, state.filter, state.gte, state.lte, state.params ?? {}]);
}

/**
 * The headless selection of a list (docs/api.md "Bulk actions"): rows picked across pages,
 * or every row matching the query; cleared when the search or filters change, since the
 * rows it named may no longer be the ones shown. `page` is the page's rows.
 */
export function useListSelection(
  descriptor: ResourceDescriptor,
  state: ListState,
  page: readonly ResourceRow[],
): ListSelectionController {
  const { idField } = descriptor;
  const scope = scopeOf(state);
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [selectionScope, setSelectionScope] = useState(scope);
  if (selectionScope !== scope) {
    setSelectionScope(scope);
    setSelection(NO_SELECTION);
  }
  const change = useCallback(
    (rows: readonly ResourceRow[], selected: boolean) =>
      setSelection((current) => setRows(current, rows, idField, selected, page)),
    [idField, page],
  );
  const onPage = pageState(selection, page, idField);
  const togglePage = useCallback(
    () =>
      setSelection((current) =>
        setRows(current, page, idField, pageState(current, page, idField) !== 'all', page),
      ),
    [idField, page],
  );
  const selectMatching = useCallback(
    (count: number) => setSelection({ kind: 'matching', count }),
    [],
  );
  const clear = useCallback(() => setSelection(NO_SELECTION), []);
  const selected = useCallback(
    (row: ResourceRow) => isSelected(selection, row, idField),
    [selection, idField],
  );
  return useMemo(
    () => ({
      selection,
      count: selectedCount(selection),
      isSelected: selected,
      pageState: onPage,
      change,
      togglePage,
      selectMatching,
      clear,
    }),
    [selection, selected, onPage, change, togglePage, selectMatching, clear],
  );
}

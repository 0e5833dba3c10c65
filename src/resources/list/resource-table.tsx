import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { HTMLTable } from '@blueprintjs/core';
import {
  functionalUpdate,
  getCoreRowModel,
  useReactTable,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import type { ResourceDescriptor, ResourceRow } from '../descriptor';
import type { ColumnCell } from '../registry/overrides';
import { useResourceColumns } from './columns';
import type { SortItem } from './list-query';
import { TableHead, type HeadSelection } from './table-head';
import { TableRow } from './table-row';
import { useRowNavigation } from './use-row-navigation';
import { useVisibleRows } from './use-visible-rows';
import './resource-table.css';

/** Props of `ResourceTable`. */
export interface ResourceTableProps {
  readonly descriptor: ResourceDescriptor;
  /**
   * The shown columns (field names) in order; keep the array stable.
   * @default descriptor.columns
   */
  readonly columns?: readonly string[];
  /**
   * Cells laid over the resource override's, by column; one naming no field is a computed
   * column, shown when `columns` names it. Keep the record stable.
   */
  readonly cells?: Readonly<Record<string, ColumnCell>>;
  /** The rows of the current page, in server order. */
  readonly rows: readonly ResourceRow[];
  readonly sort: readonly SortItem[];
  readonly onSortChange: (sort: SortItem[]) => void;
  /** Opens a row (click or Enter). Keep it stable (`useCallback`). */
  readonly onOpen: (row: ResourceRow) => void;
  /**
   * True while another page or order loads over the rows shown.
   * @default false
   */
  readonly busy?: boolean;
  /**
   * The checkbox column and its keys (docs/api.md "Bulk actions"); absent: no selection.
   * @default undefined
   */
  readonly selection?: TableSelection;
  /** Esc on a row, or ↑ on the first: back to the list's search. */
  readonly onEscape?: (key: 'Escape' | 'ArrowUp') => void;
}

/** What the table needs to show and change a list's selection. */
export interface TableSelection {
  readonly isSelected: (row: ResourceRow) => boolean;
  /** `rows` (of this page) selected or not. */
  readonly onChange: (rows: readonly ResourceRow[], selected: boolean) => void;
  /** The header checkbox: selects (or unselects) the page's rows. */
  readonly head: HeadSelection;
  /** Accessible name of a row's checkbox, before the row's title ("Select"). */
  readonly rowLabel: string;
}

const coreRowModel = getCoreRowModel<ResourceRow>();
const isMultiSortEvent = (event: unknown) => (event as { shiftKey?: boolean }).shiftKey === true;

/**
 * The rows of one list page as a TanStack Table with manual (server-side) sorting and
 * paging. Only the rows in view reach the table model: TanStack builds a few kB of row
 * objects per row, far too much for the 9,999 rows of "all".
 */
export function ResourceTable(props: ResourceTableProps) {
  const { descriptor, rows, sort, onSortChange, onOpen, busy = false, selection, onEscape } = props;
  const columns = useResourceColumns(descriptor, props.columns, props.cells);
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const { start, end, padTop, padBottom, scrollToIndex, tracker } = useVisibleRows(
    rows.length,
    scrollRef,
  );
  const visible = useMemo(
    () => (start === 0 && end === rows.length ? rows : rows.slice(start, end)),
    [rows, start, end],
  );
  const sorting = useMemo<SortingState>(() => sort.map(({ id, desc }) => ({ id, desc })), [sort]);
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => onSortChange(functionalUpdate(updater, sorting)),
    [onSortChange, sorting],
  );
  const { idField } = descriptor;
  const table = useReactTable<ResourceRow>({
    data: visible as ResourceRow[],
    columns,
    getCoreRowModel: coreRowModel,
    getRowId: (row, index) => String(row[idField] ?? start + index),
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: true,
    sortDescFirst: false,
    isMultiSortEvent,
    state: { sorting },
    onSortingChange,
  });

  const open = useCallback(
    (index: number) => {
      const row = rows[index];
      if (row) onOpen(row);
    },
    [onOpen, rows],
  );
  const select = useCallback(
    (index: number, mode: 'toggle' | 'extend', from?: number) => {
      const row = rows[index];
      if (!row || !selection) return;
      if (mode === 'toggle') return selection.onChange([row], !selection.isSelected(row));
      const left = from === undefined ? undefined : rows[from];
      selection.onChange(left ? [left, row] : [row], true);
    },
    [rows, selection],
  );
  const { activeIndex, onKeyDown, onClick } = useRowNavigation({
    rowCount: rows.length,
    containerRef: bodyRef,
    scrollToIndex,
    onOpen: open,
    ...(selection && { onSelect: select }),
    ...(onEscape && { onEscape }),
  });
  const width = columns.length + (selection ? 1 : 0);
  const moreRight = useScrollCue(scrollRef);

  return (
    <div className="joule-resource-table-frame" data-more-right={moreRight || undefined}>
      <div ref={scrollRef} className="joule-resource-table-scroll">
        <HTMLTable
          compact
          interactive
          className="joule-resource-table"
          aria-rowcount={rows.length + 1}
          aria-busy={busy}
        >
          <TableHead table={table} {...(selection && { selection: selection.head })} />
          <tbody ref={bodyRef} onKeyDown={onKeyDown} onClick={onClick}>
            {padTop > 0 && (
              <tr aria-hidden="true" style={{ height: padTop }}>
                <td colSpan={width} />
              </tr>
            )}
            {table.getRowModel().rows.map((row) => (
              <TableRow
                key={row.id}
                descriptor={descriptor}
                row={row}
                index={start + row.index}
                tabIndex={start + row.index === activeIndex ? 0 : -1}
                columns={columns}
                {...(selection && {
                  selected: selection.isSelected(row.original),
                  selectLabel: selection.rowLabel,
                })}
              />
            ))}
            {padBottom > 0 && (
              <tr aria-hidden="true" style={{ height: padBottom }}>
                <td colSpan={width} />
              </tr>
            )}
          </tbody>
        </HTMLTable>
        {tracker}
      </div>
    </div>
  );
}

/**
 * Whether the scroll area has columns off its right edge: the frame then shows a shadow
 * there (resource-table.css), the cue that a wide list scrolls sideways.
 */
function useScrollCue(scrollRef: RefObject<HTMLDivElement | null>): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const measure = () => setMore(box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
    box.addEventListener('scroll', measure, { passive: true });
    // The observer measures first once the browser has laid the page out for its next frame:
    // read here, the widths would lay the page out before the rows' paint, once more.
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    if (!observer) measure();
    observer?.observe(box);
    const table = box.firstElementChild;
    if (table) observer?.observe(table);
    return () => {
      box.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [scrollRef]);
  return more;
}

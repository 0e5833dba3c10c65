import { memo } from 'react';
import { flexRender, type ColumnDef, type Row } from '@tanstack/react-table';
import type { ResourceDescriptor, ResourceRow } from '../descriptor';
import { rowTitle } from '../row-title';
import { columnClass } from './columns';

/** The first column (the row's title) stays in view while a wide list scrolls sideways. */
export function stickyClass(base: string | undefined, position: number): string | undefined {
  if (position !== 0) return base;
  return base ? `${base} joule-sticky-title` : 'joule-sticky-title';
}

/** Props of one table row. */
export interface TableRowProps {
  readonly descriptor: ResourceDescriptor;
  readonly row: Row<ResourceRow>;
  /** Position in the page, 0-based; also `data-index` for focus and virtualization. */
  readonly index: number;
  /** 0 for the one row in the tab order (roving tabindex), -1 for the others. */
  readonly tabIndex: 0 | -1;
  /** The column definitions; a change (locale) re-renders the row. */
  readonly columns: readonly ColumnDef<ResourceRow>[];
  /**
   * Whether the row is selected; undefined when the list has no selection column.
   * @default undefined
   */
  readonly selected?: boolean;
  /** Accessible name of the row's checkbox ("Select …"). */
  readonly selectLabel?: string;
}

/** Equal when the row's data, place, tab stop and columns are: its cells depend on nothing else. */
function sameRow(a: TableRowProps, b: TableRowProps): boolean {
  return (
    a.row.original === b.row.original &&
    a.index === b.index &&
    a.tabIndex === b.tabIndex &&
    a.columns === b.columns &&
    a.descriptor === b.descriptor &&
    a.selected === b.selected &&
    a.selectLabel === b.selectLabel
  );
}

/**
 * One row of the list. Memoized on its data (not on TanStack's row object, which is
 * rebuilt as the virtualized window moves): a row re-renders only when its data, columns
 * or tab stop change, so sorting, paging, scrolling or focus moves touch few rows. Clicks
 * and keys are handled once on the table body, not per row.
 */
export const TableRow = memo(function TableRow({
  descriptor,
  row,
  index,
  tabIndex,
  selected,
  selectLabel,
}: TableRowProps) {
  const title = rowTitle(descriptor, row.original);
  return (
    <tr
      data-index={index}
      tabIndex={tabIndex}
      aria-rowindex={index + 2}
      aria-label={title}
      aria-selected={selected}
    >
      {selected !== undefined && (
        // Clicks and Space are handled on the table body (use-row-navigation.ts); the box
        // itself is out of the tab order: the row is the one stop.
        <td data-select-cell className="joule-select-cell">
          <input
            type="checkbox"
            tabIndex={-1}
            checked={selected}
            readOnly
            aria-label={`${selectLabel ?? ''} ${title}`.trim()}
          />
        </td>
      )}
      {row.getVisibleCells().map((cell, position) => (
        <td
          key={cell.id}
          className={stickyClass(columnClass(cell.column.columnDef.meta), position)}
        >
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}, sameRow);

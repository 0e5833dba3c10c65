import { memo } from 'react';
import { flexRender, type ColumnDef, type Row } from '@tanstack/react-table';
import type { ResourceDescriptor, ResourceRow } from '../descriptor';
import { rowTitle } from '../row-title';
import { columnClass } from './columns';

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
}

/** Equal when the row's data, place, tab stop and columns are: its cells depend on nothing else. */
function sameRow(a: TableRowProps, b: TableRowProps): boolean {
  return (
    a.row.original === b.row.original &&
    a.index === b.index &&
    a.tabIndex === b.tabIndex &&
    a.columns === b.columns &&
    a.descriptor === b.descriptor
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
}: TableRowProps) {
  return (
    <tr
      data-index={index}
      tabIndex={tabIndex}
      aria-rowindex={index + 2}
      aria-label={rowTitle(descriptor, row.original)}
    >
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} className={columnClass(cell.column.columnDef.meta)}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}, sameRow);

import { flexRender, type Header, type Table } from '@tanstack/react-table';
import type { ResourceRow } from '../descriptor';
import { columnClass } from './columns';
import { stickyClass } from './table-row';

/** The header's "select all on this page" checkbox (docs/api.md "Bulk actions"). */
export interface HeadSelection {
  readonly state: 'none' | 'some' | 'all';
  readonly label: string;
  readonly onToggle: () => void;
}

function ariaSort(header: Header<ResourceRow, unknown>) {
  if (!header.column.getCanSort()) return undefined;
  const sorted = header.column.getIsSorted();
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
}

function SortMark({ header, multi }: { header: Header<ResourceRow, unknown>; multi: boolean }) {
  const sorted = header.column.getIsSorted();
  if (!sorted) {
    return (
      <span aria-hidden="true" className="joule-sort-idle">
        {' ⇅'}
      </span>
    );
  }
  const order = multi ? String(header.column.getSortIndex() + 1) : '';
  return <span aria-hidden="true">{` ${sorted === 'asc' ? '▲' : '▼'}${order}`}</span>;
}

/**
 * The header row: a sortable column's header is a button (click cycles ascending →
 * descending → none, Shift+click adds a key) and carries `aria-sort`; the mark shows the
 * direction and, with several keys, the key's rank.
 */
export function TableHead({
  table,
  selection,
}: {
  table: Table<ResourceRow>;
  selection?: HeadSelection;
}) {
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const multi = table.getState().sorting.length > 1;
  return (
    <thead>
      <tr aria-rowindex={1}>
        {selection && (
          <th scope="col" className="joule-select-cell">
            <input
              type="checkbox"
              aria-label={selection.label}
              checked={selection.state === 'all'}
              ref={(box) => {
                if (box) box.indeterminate = selection.state === 'some';
              }}
              onChange={selection.onToggle}
            />
          </th>
        )}
        {headers.map((header, position) => {
          const label = flexRender(header.column.columnDef.header, header.getContext());
          return (
            <th
              key={header.id}
              scope="col"
              aria-sort={ariaSort(header)}
              className={stickyClass(columnClass(header.column.columnDef.meta), position)}
            >
              {header.column.getCanSort() ? (
                <button
                  type="button"
                  className="joule-sort-button"
                  onClick={header.column.getToggleSortingHandler()}
                >
                  {label}
                  <SortMark header={header} multi={multi} />
                </button>
              ) : (
                label
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

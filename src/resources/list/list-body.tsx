import { useIntl } from 'react-intl';
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ResourceDescriptor, ResourceRow } from '../descriptor';
import type { ColumnCell } from '../registry/overrides';
import { messages } from '../messages';
import { ResourceTable, type TableSelection } from './resource-table';
import type { ResourceListController } from './use-resource-list';
import { ReferenceTitlesContext, useReferenceTitles } from './use-reference-titles';

/** Props of `ListBody`. */
export interface ListBodyProps {
  readonly descriptor: ResourceDescriptor;
  readonly list: ResourceListController;
  /** Opens a row; keep it stable (`useCallback`). */
  readonly onOpen: (row: ResourceRow) => void;
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
  /** The checkbox column (docs/api.md "Bulk actions"); absent: none. */
  readonly selection?: TableSelection;
  /** Esc on a row, or ↑ on the first: back to the list's search. */
  readonly onEscape?: (key: 'Escape' | 'ArrowUp') => void;
}

const NO_ROWS: readonly ResourceRow[] = [];

/** The list's loading, error, empty or table state (TanStack Query's union, drawn). */
export function ListBody({
  descriptor,
  list,
  onOpen,
  columns = descriptor.columns,
  cells,
  selection,
  onEscape,
}: ListBodyProps) {
  const intl = useIntl();
  const { query, state } = list;
  const rows = query.data?.results ?? NO_ROWS;
  const titles = useReferenceTitles(descriptor, rows, columns);

  if (query.isPending) {
    return (
      <div role="status" style={{ padding: 24 }}>
        <NonIdealState icon={<Spinner size={32} />} title={intl.formatMessage(messages.loading)} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <NonIdealState
        icon="error"
        title={intl.formatMessage(messages.loadError)}
        action={
          <Button text={intl.formatMessage(messages.retry)} onClick={() => void query.refetch()} />
        }
      />
    );
  }
  if (rows.length === 0) {
    return <NonIdealState icon="inbox" title={intl.formatMessage(messages.empty)} />;
  }
  return (
    <ReferenceTitlesContext.Provider value={titles}>
      <ResourceTable
        descriptor={descriptor}
        columns={columns}
        cells={cells}
        rows={rows}
        sort={state.sort}
        onSortChange={list.setSort}
        onOpen={onOpen}
        busy={query.isPlaceholderData}
        {...(selection && { selection })}
        {...(onEscape && { onEscape })}
      />
    </ReferenceTitlesContext.Provider>
  );
}

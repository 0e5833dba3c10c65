import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@blueprintjs/core';
import type { ResourceDescriptor, ResourceRow, RowId } from '../descriptor';
import type { ColumnCell } from '../registry/overrides';
import { RecordPathProvider, useRecordDialog, useRecordPath } from '../record-path';
import { LazyResourceDialog } from '../lazy-dialog';
import { DialogSlot } from '../dialog-slot';
import { ListBody } from '../list/list-body';
import { ListPagination } from '../list/pagination';
import { dialogMessages } from '../dialog-messages';
import { useRelatedList } from './use-related-list';

/** Props of `RelatedList`. */
export interface RelatedListProps {
  /** The child resource, e.g. `addresses`. */
  readonly descriptor: ResourceDescriptor;
  /** Its reference field naming the parent row, e.g. `customer`. */
  readonly field: string;
  /** The parent row's id. */
  readonly parentId: RowId;
  /**
   * Columns shown after the child's own (without the parent's), e.g. a computed one of
   * `cells`; keep the array stable.
   */
  readonly extraColumns?: readonly string[];
  /**
   * Cells laid over the resource override's, by column; one naming no field is a computed
   * column, shown when `columns` names it. Keep the record stable.
   */
  readonly cells?: Readonly<Record<string, ColumnCell>>;
}

/**
 * The rows of one resource that belong to a parent row, inside the parent's edit dialog
 * (docs/product.md §2 "Screen contents"): a sortable, paged table without the parent column, "New"
 * with the parent filled in, and each row opening its own dialog.
 */
export function RelatedList({
  descriptor,
  field,
  parentId,
  extraColumns,
  cells,
}: RelatedListProps) {
  const intl = useIntl();
  const list = useRelatedList(descriptor, field, parentId);
  // A related row's dialog has an address below its parent's: `/customers/42/contracts/7`.
  const prefix = useMemo(() => [descriptor.name], [descriptor.name]);
  const record = useRecordDialog(descriptor, useRecordPath(), prefix);
  const { target: dialog, open: openDialog } = record;
  const shown = useMemo(
    () => ({
      ...descriptor,
      columns: [...descriptor.columns.filter((name) => name !== field), ...(extraColumns ?? [])],
    }),
    [descriptor, field, extraColumns],
  );
  // A new row gets its parent when the filter key is one of its fields (not a point's
  // `customer`, which is its contract's).
  const preset = useMemo(
    () => (descriptor.fields.some((f) => f.name === field) ? { [field]: parentId } : undefined),
    [descriptor.fields, field, parentId],
  );
  const { idField, operations } = descriptor;
  const openRow = useCallback(
    (row: ResourceRow) => {
      const id = row[idField];
      if (typeof id === 'number' || typeof id === 'string') openDialog(id);
    },
    [idField, openDialog],
  );
  const resource = intl.formatMessage({ id: descriptor.title, defaultMessage: descriptor.name });

  return (
    <section aria-label={resource} className="joule-related-list" style={{ padding: 8 }}>
      {operations.create && (
        <Button
          icon="plus"
          size="small"
          text={
            descriptor.create
              ? intl.formatMessage({ id: descriptor.create, defaultMessage: descriptor.name })
              : intl.formatMessage(dialogMessages.createRelated, { resource })
          }
          onClick={() => openDialog(null)}
          style={{ marginBottom: 8 }}
        />
      )}
      <ListBody
        descriptor={shown}
        list={list}
        cells={cells}
        onOpen={operations.retrieve || operations.update ? openRow : () => undefined}
      />
      {(list.query.data?.count ?? 0) > list.state.pageSize && <ListPagination list={list} />}
      <DialogSlot>
        {dialog && (
          <RecordPathProvider value={record.inner}>
            <LazyResourceDialog
              key={String(dialog.id)}
              descriptor={descriptor}
              id={dialog.id}
              preset={dialog.id === null ? preset : undefined}
              onClose={record.close}
              onContinue={record.continueWith}
            />
          </RecordPathProvider>
        )}
      </DialogSlot>
    </section>
  );
}

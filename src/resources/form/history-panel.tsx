import { useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { DATE_TIME_FORMAT } from '../../i18n';
import { Button, Callout, Classes, Drawer, DrawerSize, H2, H4, Spinner } from '@blueprintjs/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ResourceDescriptor, RowId } from '../descriptor';
import { messages } from '../messages';
import { dialogMessages } from '../dialog-messages';
import { historyQueryOptions, type HistoryEntry } from '../queries';
import { useResourceRuntime } from '../registry/resource-runtime';
import { useTitleFormat } from '../use-title-format';
import { ChangeTable } from './change-table';

/** Props of `HistoryPanel`. */
export interface HistoryPanelProps {
  readonly descriptor: ResourceDescriptor;
  readonly id: RowId;
  /** The row's title, for the drawer's title. */
  readonly name?: string;
}

const ACTION_MESSAGES = {
  create: dialogMessages.historyCreate,
  update: dialogMessages.historyUpdate,
  delete: dialogMessages.historyDelete,
  // A customer's privacy operations (docs/api.md "History").
  export: dialogMessages.historyExport,
  anonymise: dialogMessages.historyAnonymise,
} as const;

/** A field's label and its values as text, formatted as the field's kind. */
function useFieldText(descriptor: ResourceDescriptor) {
  const intl = useIntl();
  const format = useTitleFormat();
  return useMemo(() => {
    const empty = intl.formatMessage(dialogMessages.noChoice);
    const byName = new Map(descriptor.fields.map((field) => [field.name, field]));
    return {
      label(name: string): string {
        const field = byName.get(name);
        return field ? intl.formatMessage({ id: field.label, defaultMessage: name }) : name;
      },
      value(name: string, value: unknown): string {
        const field = byName.get(name);
        let text: string;
        if (value === null || value === undefined) text = '';
        // A field this build does not know, or a reference (its id: titles are not loaded
        // for the history), is shown as sent.
        else if (!field || field.reference)
          text = typeof value === 'object' ? JSON.stringify(value) : String(value);
        else text = format(field, value);
        return text === '' ? empty : text;
      },
    };
  }, [descriptor, intl, format]);
}

/** Props of `HistoryEntryView`. */
export interface HistoryEntryViewProps {
  /** The resource whose history is shown; the entry's own resource reads its fields. */
  readonly descriptor: ResourceDescriptor;
  /** The row whose history is shown; without it every entry is headed by its row's name. */
  readonly id?: RowId;
  readonly entry: HistoryEntry;
}

/**
 * One recorded change as a list item: the changed row's name (a child's, or any row's
 * when `id` is left out, as the audit log lists them), who made it and when, and every
 * changed field's label with its value before and after, formatted as the field's kind.
 */
export function HistoryEntryView({ descriptor: own, id, entry }: HistoryEntryViewProps) {
  const intl = useIntl();
  const { descriptorsByName } = useResourceRuntime();
  // A child's change (a customer's address) is read with the child's descriptor and named.
  const child =
    entry.resource !== undefined &&
    (id === undefined || entry.resource !== own.name || String(entry.row_id) !== String(id));
  const descriptor = (child && descriptorsByName[entry.resource!]) || own;
  const text = useFieldText(descriptor);
  const action = ACTION_MESSAGES[entry.action];
  // Fields in the descriptor's order, then any the descriptor does not list.
  const order = descriptor.fields.map((field) => field.name);
  const names = Object.keys(entry.changes).sort(
    (a, b) =>
      (order.indexOf(a) + 1 || order.length + 1) - (order.indexOf(b) + 1 || order.length + 1),
  );
  const what = child
    ? intl.formatMessage(dialogMessages.historyOf, {
        resource: intl.formatMessage({
          id: descriptor.singular ?? descriptor.title,
          defaultMessage: entry.resource,
        }),
        name: entry.title ?? `#${String(entry.row_id)}`,
      })
    : null;
  return (
    <li className="joule-history-entry">
      {what && <H4 className="joule-history-row">{what}</H4>}
      <p>
        {intl.formatMessage(dialogMessages.historyBy, {
          action: action ? intl.formatMessage(action) : entry.action,
          user: entry.user?.email ?? intl.formatMessage(dialogMessages.historySystem),
          at: (
            <time key="at" dateTime={entry.at}>
              {intl.formatDate(entry.at, DATE_TIME_FORMAT)}
            </time>
          ),
        })}
      </p>
      {names.length > 0 && (
        <ChangeTable
          headers={[
            intl.formatMessage(dialogMessages.historyField),
            intl.formatMessage(dialogMessages.historyBefore),
            intl.formatMessage(dialogMessages.historyAfter),
          ]}
          rows={names.map((name) => {
            const [before, after] = entry.changes[name] ?? [null, null];
            return {
              name,
              label: text.label(name),
              first: text.value(name, before),
              second: text.value(name, after),
            };
          })}
        />
      )}
    </li>
  );
}

/** The entries, loaded when the panel opens (this component mounts only then). */
function HistoryEntries({ descriptor, id }: HistoryPanelProps) {
  const intl = useIntl();
  const { request } = useResourceRuntime();
  const query = useInfiniteQuery(historyQueryOptions(request, descriptor, id));
  if (query.status === 'pending')
    return <Spinner aria-label={intl.formatMessage(messages.loading)} />;
  if (query.status === 'error') {
    return (
      <Callout
        intent="danger"
        role="alert"
        title={intl.formatMessage(dialogMessages.historyLoadError)}
      >
        <Button text={intl.formatMessage(messages.retry)} onClick={() => void query.refetch()} />
      </Callout>
    );
  }
  const entries = query.data.pages.flatMap((page) => page.results);
  if (entries.length === 0) return <p>{intl.formatMessage(dialogMessages.historyEmpty)}</p>;
  return (
    <>
      <ol className={Classes.LIST_UNSTYLED}>
        {entries.map((entry) => (
          <HistoryEntryView key={entry.id} descriptor={descriptor} id={id} entry={entry} />
        ))}
      </ol>
      {query.hasNextPage && (
        <Button
          variant="minimal"
          loading={query.isFetchingNextPage}
          text={intl.formatMessage(dialogMessages.historyOlder)}
          onClick={() => void query.fetchNextPage()}
        />
      )}
    </>
  );
}

/**
 * The "History" button of an edit dialog's header and the drawer it opens: the row's
 * recorded changes newest first, with its children's (a customer's addresses, a point's
 * specifications; docs/api.md "History"), each with who, when, and every changed field's
 * label with its value before and after, formatted as the field's kind; a child's change
 * is headed by the child's name. The history is requested only when the drawer opens.
 * Render it only when the back-end publishes the history operation
 * (`descriptor.operations.history`); a plain DRF back-end has none.
 */
export function HistoryButton({ descriptor, id, name }: HistoryPanelProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const label = intl.formatMessage(dialogMessages.history);
  return (
    <>
      <Button variant="minimal" icon="history" text={label} onClick={() => setOpen(true)} />
      <Drawer
        isOpen={open}
        onClose={() => setOpen(false)}
        size={DrawerSize.SMALL}
        className="joule-history-drawer"
      >
        {/* Our own header and role: Blueprint's drawer has neither a role nor a localised close. */}
        <div role="dialog" aria-labelledby={headingId} className="joule-history-drawer-content">
          <div className={Classes.DRAWER_HEADER}>
            <H2 id={headingId}>
              {name ? intl.formatMessage(dialogMessages.historyTitle, { name }) : label}
            </H2>
            <Button
              variant="minimal"
              icon="small-cross"
              aria-label={intl.formatMessage(dialogMessages.close)}
              onClick={() => setOpen(false)}
            />
          </div>
          <div className={Classes.DRAWER_BODY} style={{ padding: 16 }}>
            {open && <HistoryEntries descriptor={descriptor} id={id} />}
          </div>
        </div>
      </Drawer>
    </>
  );
}

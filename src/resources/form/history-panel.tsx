import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { DATE_TIME_FORMAT } from '../../i18n/dates';
import { Button, Callout, Classes, Section, SectionCard, Spinner } from '@blueprintjs/core';
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
}

const ACTION_MESSAGES = {
  create: dialogMessages.historyCreate,
  update: dialogMessages.historyUpdate,
  delete: dialogMessages.historyDelete,
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

function Entry({ descriptor, entry }: { descriptor: ResourceDescriptor; entry: HistoryEntry }) {
  const intl = useIntl();
  const text = useFieldText(descriptor);
  const action = ACTION_MESSAGES[entry.action];
  // Fields in the descriptor's order, then any the descriptor does not list.
  const order = descriptor.fields.map((field) => field.name);
  const names = Object.keys(entry.changes).sort(
    (a, b) =>
      (order.indexOf(a) + 1 || order.length + 1) - (order.indexOf(b) + 1 || order.length + 1),
  );
  return (
    <li>
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
          <Entry key={entry.id} descriptor={descriptor} entry={entry} />
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
 * The "History" section of an edit dialog: the row's recorded changes newest first, each
 * with who, when, and every changed field's label with its value before and after,
 * formatted as the field's kind. Collapsed at first; the history is requested only when it
 * is opened. Render it only when the back-end publishes the history operation
 * (`descriptor.operations.history`); a plain DRF back-end has none.
 */
export function HistoryPanel({ descriptor, id }: HistoryPanelProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <Section
      title={intl.formatMessage(dialogMessages.history)}
      compact
      collapsible
      collapseProps={{ isOpen: open, onToggle: () => setOpen((was) => !was) }}
    >
      {open && (
        <SectionCard>
          <HistoryEntries descriptor={descriptor} id={id} />
        </SectionCard>
      )}
    </Section>
  );
}

import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout } from '@blueprintjs/core';
import type { ResourceDescriptor } from '../descriptor';
import { useTitleFormat } from '../use-title-format';
import { dialogMessages } from '../dialog-messages';
import { ChangeTable } from './change-table';
import { errorCount, type SaveState } from './save-state';

/** Props of `SaveCallouts`. */
export interface SaveCalloutsProps {
  readonly descriptor: ResourceDescriptor;
  readonly save: SaveState;
  /** Lays the user's changes on the server's current row (after a 412). */
  readonly onReapply: () => void;
}

function MessageList({ items }: { items: readonly string[] }) {
  if (items.length === 0) return null;
  if (items.length === 1) return <p>{items[0]}</p>;
  return (
    <ul>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

function Conflict({ descriptor, save, onReapply }: SaveCalloutsProps) {
  const intl = useIntl();
  const format = useTitleFormat();
  const text = useMemo(
    () => (name: string, value: unknown) => {
      const field = descriptor.fields.find((f) => f.name === name);
      if (!field) return value === null || value === undefined ? '' : String(value);
      return field.reference ? String(value ?? '') : format(field, value);
    },
    [descriptor, format],
  );
  if (save.status !== 'conflict') return null;
  const label = (name: string) => {
    const field = descriptor.fields.find((f) => f.name === name);
    return field ? intl.formatMessage({ id: field.label, defaultMessage: name }) : name;
  };
  return (
    <Callout intent="warning" title={intl.formatMessage(dialogMessages.conflict)} role="alert">
      <p>{intl.formatMessage(dialogMessages.conflictHelp)}</p>
      <ChangeTable
        headers={[
          intl.formatMessage(dialogMessages.conflictField),
          intl.formatMessage(dialogMessages.conflictServer),
          intl.formatMessage(dialogMessages.conflictYours),
        ]}
        rows={Object.entries(save.yours).map(([name, value]) => ({
          name,
          label: label(name),
          first: text(name, save.server[name]),
          second: text(name, value),
        }))}
      />
      <Button
        intent="warning"
        text={intl.formatMessage(dialogMessages.reapply)}
        onClick={onReapply}
      />
    </Callout>
  );
}

/**
 * What went wrong with the last save, above the form (docs/api.md "Errors", docs/product.md §8).
 */
export function SaveCallouts(props: SaveCalloutsProps) {
  const intl = useIntl();
  const { save } = props;
  switch (save.status) {
    case 'invalid': {
      // How many errors this Save found, the browser's and the server's (docs/api.md "Dry run").
      const count = errorCount(save);
      return count > 0 ? (
        <Callout
          intent="danger"
          role="alert"
          title={intl.formatMessage(dialogMessages.errorCount, { count })}
        >
          <MessageList items={save.formErrors} />
        </Callout>
      ) : null;
    }
    case 'offline':
      return (
        <Callout intent="warning" role="alert">
          {intl.formatMessage(dialogMessages.networkError)}
        </Callout>
      );
    case 'failed':
      return (
        <Callout intent="danger" role="alert" title={intl.formatMessage(dialogMessages.saveFailed)}>
          <MessageList items={save.formErrors} />
        </Callout>
      );
    case 'conflict':
      return <Conflict {...props} />;
    default:
      return null;
  }
}

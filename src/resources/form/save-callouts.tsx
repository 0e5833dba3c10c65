import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, HTMLTable } from '@blueprintjs/core';
import type { ResourceDescriptor } from '../descriptor';
import { cellFormatter, createFormatters } from '../list/format';
import { messages } from '../messages';
import type { SaveState } from './save-state';

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
  const text = useMemo(() => {
    const formatters = createFormatters(intl.locale);
    const words = {
      yes: intl.formatMessage(messages.yes),
      no: intl.formatMessage(messages.no),
      message: (id: string, fallback: string) =>
        intl.formatMessage({ id, defaultMessage: fallback }),
    };
    return (name: string, value: unknown) => {
      const field = descriptor.fields.find((f) => f.name === name);
      if (!field) return value === null || value === undefined ? '' : String(value);
      return field.reference ? String(value ?? '') : cellFormatter(field, formatters, words)(value);
    };
  }, [descriptor, intl]);
  if (save.status !== 'conflict') return null;
  const label = (name: string) => {
    const field = descriptor.fields.find((f) => f.name === name);
    return field ? intl.formatMessage({ id: field.label, defaultMessage: name }) : name;
  };
  return (
    <Callout intent="warning" title={intl.formatMessage(messages.conflict)} role="alert">
      <p>{intl.formatMessage(messages.conflictHelp)}</p>
      <HTMLTable compact>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(messages.conflictField)}</th>
            <th scope="col">{intl.formatMessage(messages.conflictServer)}</th>
            <th scope="col">{intl.formatMessage(messages.conflictYours)}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(save.yours).map(([name, value]) => (
            <tr key={name}>
              <th scope="row">{label(name)}</th>
              <td>{text(name, save.server[name])}</td>
              <td>{text(name, value)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <Button intent="warning" text={intl.formatMessage(messages.reapply)} onClick={onReapply} />
    </Callout>
  );
}

/** What went wrong with the last save, above the form (docs/api.md "Errors", SPEC §8). */
export function SaveCallouts(props: SaveCalloutsProps) {
  const intl = useIntl();
  const { save } = props;
  switch (save.status) {
    case 'invalid':
      return save.formErrors.length > 0 ? (
        <Callout intent="danger" role="alert">
          <MessageList items={save.formErrors} />
        </Callout>
      ) : null;
    case 'offline':
      return (
        <Callout intent="warning" role="alert">
          {intl.formatMessage(messages.networkError)}
        </Callout>
      );
    case 'failed':
      return (
        <Callout intent="danger" role="alert" title={intl.formatMessage(messages.saveFailed)}>
          <MessageList items={save.formErrors} />
        </Callout>
      );
    case 'conflict':
      return <Conflict {...props} />;
    default:
      return null;
  }
}

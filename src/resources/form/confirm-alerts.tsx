import { useIntl } from 'react-intl';
import { Alert, Callout } from '@blueprintjs/core';
import { messages } from '../messages';
import type { DeleteState } from './save-state';

/** Props of `DiscardAlert`. */
export interface DiscardAlertProps {
  readonly isOpen: boolean;
  /** Closes the dialog, dropping the edits. */
  readonly onDiscard: () => void;
  readonly onCancel: () => void;
}

/** Asks before a dialog with unsaved changes closes. */
export function DiscardAlert({ isOpen, onDiscard, onCancel }: DiscardAlertProps) {
  const intl = useIntl();
  return (
    <Alert
      isOpen={isOpen}
      intent="warning"
      icon="warning-sign"
      confirmButtonText={intl.formatMessage(messages.discard)}
      cancelButtonText={intl.formatMessage(messages.keepEditing)}
      onConfirm={onDiscard}
      onCancel={onCancel}
      canEscapeKeyCancel
    >
      <p>{intl.formatMessage(messages.discardTitle)}</p>
    </Alert>
  );
}

/** Props of `DeleteAlert`. */
export interface DeleteAlertProps {
  readonly isOpen: boolean;
  /** The row's title, as people know it. */
  readonly name: string;
  readonly deletion: DeleteState;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/** "Delete <title>?" with the server's refusal shown in place (docs/api.md "Errors"). */
export function DeleteAlert({ isOpen, name, deletion, onConfirm, onCancel }: DeleteAlertProps) {
  const intl = useIntl();
  return (
    <Alert
      isOpen={isOpen}
      intent="danger"
      icon="trash"
      loading={deletion.status === 'deleting'}
      confirmButtonText={intl.formatMessage(messages.delete)}
      cancelButtonText={intl.formatMessage(messages.cancel)}
      onConfirm={onConfirm}
      onCancel={onCancel}
      canEscapeKeyCancel
    >
      <p>{intl.formatMessage(messages.deleteConfirm, { name })}</p>
      {deletion.status === 'failed' && (
        <Callout intent="danger" role="alert" compact>
          {deletion.offline
            ? intl.formatMessage(messages.networkError)
            : (deletion.detail ?? intl.formatMessage(messages.deleteFailed))}
        </Callout>
      )}
    </Alert>
  );
}

import { useIntl } from 'react-intl';
import { Alert, Callout } from '@blueprintjs/core';
import { dialogMessages } from '../dialog-messages';
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
      confirmButtonText={intl.formatMessage(dialogMessages.discard)}
      cancelButtonText={intl.formatMessage(dialogMessages.keepEditing)}
      onConfirm={onDiscard}
      onCancel={onCancel}
      canEscapeKeyCancel
    >
      <p>{intl.formatMessage(dialogMessages.discardTitle)}</p>
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
      confirmButtonText={intl.formatMessage(dialogMessages.delete)}
      cancelButtonText={intl.formatMessage(dialogMessages.cancel)}
      onConfirm={onConfirm}
      onCancel={onCancel}
      canEscapeKeyCancel
    >
      <p>{intl.formatMessage(dialogMessages.deleteConfirm, { name })}</p>
      {deletion.status === 'failed' && (
        <Callout intent="danger" role="alert" compact>
          {deletion.offline
            ? intl.formatMessage(dialogMessages.networkError)
            : (deletion.detail ?? intl.formatMessage(dialogMessages.deleteFailed))}
        </Callout>
      )}
    </Alert>
  );
}

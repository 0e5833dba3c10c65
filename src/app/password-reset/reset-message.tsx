/** Shows a {@link ResetMessage}: a translated message id or the server's own text. */
import { useIntl } from 'react-intl';
import type { ResetMessage } from './use-password-reset';

export function useResetMessageText(): (message: ResetMessage | undefined) => string | undefined {
  const intl = useIntl();
  return (message) =>
    message === undefined
      ? undefined
      : message.kind === 'message'
        ? intl.formatMessage(message.message)
        : message.text;
}

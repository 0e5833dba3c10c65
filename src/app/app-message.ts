/**
 * A text the shell shows later than it is made (notifications, snackbars): a message id
 * with values, translated when shown, so a change of language translates it too; or a
 * ready text (a server's own message, already in the user's language).
 */
import type { IntlShape } from 'react-intl';

/** A value of an ICU message: a literal, or another message to translate first. */
export type AppMessageValue = string | number | { readonly id: string };

export type AppMessage =
  string | { readonly id: string; readonly values?: Readonly<Record<string, AppMessageValue>> };

/** Type guard for data read back from storage. */
export function isAppMessage(value: unknown): value is AppMessage {
  if (typeof value === 'string') return true;
  if (!value || typeof value !== 'object') return false;
  const { id, values } = value as { id?: unknown; values?: unknown };
  if (typeof id !== 'string') return false;
  if (values === undefined) return true;
  if (!values || typeof values !== 'object') return false;
  return Object.values(values).every(
    (item) =>
      typeof item === 'string' ||
      typeof item === 'number' ||
      (!!item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string'),
  );
}

/** The message in the current language. */
export function formatAppMessage(intl: IntlShape, message: AppMessage): string {
  if (typeof message === 'string') return message;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.values ?? {})) {
    values[name] = typeof value === 'object' ? intl.formatMessage({ id: value.id }) : value;
  }
  return intl.formatMessage({ id: message.id }, values);
}

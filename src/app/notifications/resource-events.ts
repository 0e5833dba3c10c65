/**
 * What the resource runtime tells the app (src/resources cannot import src/app): every
 * finished save, create and delete, and every failure of one. The app turns each into a
 * bell notification (SPEC §4), a snackbar for the successes, and an error report for the
 * failures (SPEC §8: details logged, never shown).
 */
import type { AppMessage } from '../app-message';
import { reportError } from '../error-reporting';
import type { SnackbarOptions } from '../snackbar/snackbar';
import type { NotificationInput } from './notification-store';

/** What was done to a row. */
export type ResourceOperation = 'create' | 'save' | 'delete';

/** One event of the resource runtime (the `onEvent` callback of its registry provider). */
export type ResourceEvent =
  | {
      readonly type: 'created' | 'saved' | 'deleted';
      /** Descriptor name, e.g. `customers`. */
      readonly resource: string;
      /** The row's title (`rowTitle`); '' when it has none. */
      readonly title: string;
    }
  | {
      readonly type: 'failed';
      readonly resource: string;
      readonly title: string;
      readonly operation: ResourceOperation;
      /** The error as thrown (an `ApiError` of src/api, a network error, …). */
      readonly error: unknown;
    };

/** Message ids per outcome. */
const messageIds = {
  created: 'app.notifications.resource.created',
  saved: 'app.notifications.resource.saved',
  deleted: 'app.notifications.resource.deleted',
  create: 'app.notifications.resource.createFailed',
  save: 'app.notifications.resource.saveFailed',
  delete: 'app.notifications.resource.deleteFailed',
} as const;

/** The text of an event: the resource's title (translated when shown) and the row's. */
export function resourceEventMessage(event: ResourceEvent, resourceTitleId: string): AppMessage {
  const id = event.type === 'failed' ? messageIds[event.operation] : messageIds[event.type];
  return { id, values: { resource: { id: resourceTitleId }, title: event.title || '—' } };
}

export interface ResourceEventHandlerOptions {
  /** Message id of each resource's title by name (descriptor `title`); else `resource.<name>.title`. */
  readonly resourceTitles: Readonly<Record<string, string>>;
  readonly notify: (input: NotificationInput) => void;
  readonly showSnackbar: (options: SnackbarOptions) => void;
  /** @default reportError */
  readonly report?: typeof reportError;
}

/** The callback the app hands to the resource runtime. */
export function createResourceEventHandler({
  resourceTitles,
  notify,
  showSnackbar,
  report = reportError,
}: ResourceEventHandlerOptions): (event: ResourceEvent) => void {
  return (event) => {
    const message = resourceEventMessage(
      event,
      resourceTitles[event.resource] ?? `resource.${event.resource}.title`,
    );
    if (event.type === 'failed') {
      // The dialog shows what the user can act on; the details are for developers only.
      report(event.error, { resource: event.resource, operation: event.operation });
      notify({ type: 'error', message });
      return;
    }
    notify({ type: 'success', message });
    showSnackbar({ message, color: 'success' });
  };
}

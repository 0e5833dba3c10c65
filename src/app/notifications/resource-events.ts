/**
 * What the resource runtime tells the app (src/resources cannot import src/app): every
 * finished save, create and delete, and every failure of one. The app turns each into a
 * bell notification (docs/product.md §4), a snackbar for the successes, and an error report for the
 * failures (docs/product.md §8: details logged, never shown).
 */
import type { ResourceEvent } from '../../resources';
import type { AppMessage } from '../app-message';
import { reportError } from '../error-reporting';
import type { SnackbarOptions } from '../snackbar/snackbar';
import type { NotificationInput } from './notification-store';

// The event types belong to the runtime (src/resources); re-exported for src/app's surface.
export type { ResourceEvent, ResourceOperation } from '../../resources';

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
  if (event.type === 'done') return event.message;
  const id = event.type === 'failed' ? messageIds[event.operation] : messageIds[event.type];
  return { id, values: { resource: { id: resourceTitleId }, title: event.title || '—' } };
}

export interface ResourceEventHandlerOptions {
  /**
   * Message id of each resource's name by resource (descriptor `singular`, else `title`);
   * else `resource.<name>.title`.
   */
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
    if (event.type === 'done') {
      showSnackbar({ message: event.message, color: event.failed ? 'danger' : 'success' });
      if (event.bell)
        notify({ type: event.failed ? 'warning' : 'success', message: event.message });
      return;
    }
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

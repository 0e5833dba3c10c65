/**
 * The app's one notification store, following the signed-in user: each user's list is
 * kept under their id, a sign-out empties the bell, signing in again brings it back.
 */
import { authSession } from '../../auth';
import {
  createNotificationStore,
  notificationsKey,
  type AppNotification,
  type NotificationInput,
  type NotificationStorage,
  type NotificationStore,
} from './notification-store';

function browserStorage(): NotificationStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // Storage disabled by the browser's privacy settings.
  }
}

const currentUserId = () => authSession.store.getState().user?.id ?? null;

let store: NotificationStore | null = null;

/** The app's notification store, created on first use. */
export function getNotificationStore(): NotificationStore {
  if (!store) {
    const created = createNotificationStore({ storage: browserStorage(), owner: currentUserId() });
    authSession.store.subscribe(() => created.setOwner(currentUserId()));
    if (typeof window !== 'undefined') {
      // Another tab of the same user added or removed one: show the same list.
      window.addEventListener('storage', (event) => {
        const owner = currentUserId();
        if (owner !== null && event.key === notificationsKey(owner)) created.reload();
      });
    }
    store = created;
  }
  return store;
}

/**
 * Adds a notification to the bell (docs/product.md §4): `notify({ type: 'success', message: { id:
 * 'app.settings.saved' } })`. Without a signed-in user it is kept in memory only.
 */
export function notify(input: NotificationInput): AppNotification {
  return getNotificationStore().add(input);
}

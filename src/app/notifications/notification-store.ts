/**
 * The notifications of the bell (docs/product.md §2, §3, §4, §9): added, removed singly or cleared,
 * newest first, at most 20. Plain TypeScript, no React: the bell reads it through
 * `useSyncExternalStore`. Kept in local storage per signed-in user
 * (`joule.notifications.<user id>`), so a reload keeps them and no user sees another's.
 */
import { isAppMessage, type AppMessage } from '../app-message';

/** The four kinds of notification, each with its own icon. */
export type NotificationType = 'error' | 'warning' | 'info' | 'success';

export const notificationTypes: readonly NotificationType[] = [
  'error',
  'warning',
  'info',
  'success',
];

/**
 * A notification's text: a message id with its values, translated when shown (so a change
 * of language translates the notifications already kept), or a text as it is.
 */
export type NotificationMessage = AppMessage;

/** One notification (docs/product.md §3: type, message, receivedAt). */
export interface AppNotification {
  /** Unique within the store; the key of the list item. */
  readonly id: string;
  readonly type: NotificationType;
  readonly message: NotificationMessage;
  readonly receivedAt: Date;
}

/** What `notify` takes: the store adds the id and the time. */
export interface NotificationInput {
  readonly type: NotificationType;
  readonly message: NotificationMessage;
}

/** docs/product.md §9: the bell keeps 20 notifications. */
export const MAX_NOTIFICATIONS = 20;

/** Prefix of the local storage key; the user's id follows. */
export const NOTIFICATIONS_STORAGE_PREFIX = 'joule.notifications.';

/** Who the notifications belong to: a signed-in user's id, or null (kept in memory only). */
export type NotificationOwner = number | string | null;

export type NotificationStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface NotificationStore {
  /** Newest first. The same array until the next change. */
  getState(): readonly AppNotification[];
  subscribe(listener: () => void): () => void;
  /** Adds one at the top, dropping the oldest beyond 20; returns it. */
  add(input: NotificationInput): AppNotification;
  remove(id: string): void;
  clear(): void;
  /** Switches to another user's notifications (null: signed out, the list empties). */
  setOwner(owner: NotificationOwner): void;
  /** Reads the owner's notifications from storage again (another tab changed them). */
  reload(): void;
}

export interface NotificationStoreOptions {
  /** @default null: in memory only */
  readonly storage?: NotificationStorage | null;
  /** @default () => new Date() */
  readonly now?: () => Date;
  /** @default null */
  readonly owner?: NotificationOwner;
}

/** The local storage key of one user's notifications. */
export function notificationsKey(owner: number | string): string {
  return `${NOTIFICATIONS_STORAGE_PREFIX}${owner}`;
}

/** Reads stored notifications; anything malformed is skipped, never thrown. */
export function parseNotifications(text: string | null): AppNotification[] {
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : [];
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const result: AppNotification[] = [];
  for (const item of raw as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { id, type, message, receivedAt } = item as Record<string, unknown>;
    const date = typeof receivedAt === 'string' ? new Date(receivedAt) : null;
    if (
      typeof id !== 'string' ||
      !notificationTypes.includes(type as NotificationType) ||
      !isAppMessage(message) ||
      !date ||
      Number.isNaN(date.getTime())
    )
      continue;
    result.push({ id, type: type as NotificationType, message, receivedAt: date });
  }
  return result.slice(0, MAX_NOTIFICATIONS);
}

/** The stored form: `receivedAt` as an ISO text. */
export function serializeNotifications(list: readonly AppNotification[]): string {
  return JSON.stringify(
    list.map((item) => ({ ...item, receivedAt: item.receivedAt.toISOString() })),
  );
}

function safely<T>(action: () => T): T | null {
  try {
    return action();
  } catch {
    return null; // Storage disabled or full: the notifications live in memory only.
  }
}

let sequence = 0;

/** A store of notifications; see the module comment. */
export function createNotificationStore(options: NotificationStoreOptions = {}): NotificationStore {
  const { storage = null, now = () => new Date() } = options;
  let owner: NotificationOwner = options.owner ?? null;
  const listeners = new Set<() => void>();

  function load(): readonly AppNotification[] {
    if (owner === null || !storage) return [];
    const key = notificationsKey(owner);
    return parseNotifications(safely(() => storage.getItem(key)));
  }
  let state = load();

  function set(next: readonly AppNotification[]): void {
    state = next;
    if (owner !== null && storage) {
      const key = notificationsKey(owner);
      safely(() =>
        next.length === 0
          ? storage.removeItem(key)
          : storage.setItem(key, serializeNotifications(next)),
      );
    }
    for (const listener of listeners) listener();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(input) {
      const receivedAt = now();
      sequence += 1;
      const notification: AppNotification = {
        id: `${receivedAt.getTime().toString(36)}-${sequence.toString(36)}`,
        type: input.type,
        message: input.message,
        receivedAt,
      };
      set([notification, ...state].slice(0, MAX_NOTIFICATIONS));
      return notification;
    },
    remove(id) {
      if (state.some((item) => item.id === id)) set(state.filter((item) => item.id !== id));
    },
    clear() {
      if (state.length > 0) set([]);
    },
    setOwner(next) {
      if (next === owner) return;
      owner = next;
      state = load();
      for (const listener of listeners) listener();
    },
    reload() {
      state = load();
      for (const listener of listeners) listener();
    },
  };
}

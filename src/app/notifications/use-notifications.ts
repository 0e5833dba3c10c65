import { useSyncExternalStore } from 'react';
import type { AppNotification, NotificationStore } from './notification-store';

/** The store's notifications, newest first, re-rendering on change. */
export function useNotifications(store: NotificationStore): readonly AppNotification[] {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** The badge text (docs/product.md §2, §9): the count up to 9, then '9+'; null at 0 (no badge). */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

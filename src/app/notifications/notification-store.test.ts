import { describe, expect, it } from 'vitest';
import {
  MAX_NOTIFICATIONS,
  createNotificationStore,
  notificationsKey,
  parseNotifications,
  type NotificationStorage,
} from './notification-store';

function memoryStorage(): NotificationStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** A clock that moves one second per reading. */
function ticking(start = Date.UTC(2025, 0, 1, 12)) {
  let time = start;
  return () => new Date((time += 1000));
}

describe('notification store (docs/product.md §4, §9)', () => {
  it('keeps the newest 20, newest first', () => {
    const store = createNotificationStore({ now: ticking() });
    for (let n = 1; n <= 21; n += 1) store.add({ type: 'info', message: `n${n}` });
    const messages = store.getState().map((item) => item.message);
    expect(messages).toHaveLength(MAX_NOTIFICATIONS);
    expect(messages[0]).toBe('n21');
    expect(messages.at(-1)).toBe('n2');
  });

  it('removes one, clears all, and tells subscribers', () => {
    const store = createNotificationStore();
    const changes: number[] = [];
    store.subscribe(() => changes.push(store.getState().length));
    const first = store.add({ type: 'error', message: 'a' });
    store.add({ type: 'success', message: 'b' });
    store.remove(first.id);
    expect(store.getState().map((item) => item.message)).toEqual(['b']);
    store.remove('no-such-id');
    store.clear();
    store.clear();
    expect(changes).toEqual([1, 2, 1, 0]);
  });

  it('keeps each user’s list under their id, across a reload', () => {
    const storage = memoryStorage();
    const store = createNotificationStore({ storage, owner: 7, now: ticking() });
    store.add({ type: 'warning', message: { id: 'app.x.y', values: { n: 1 } } });
    expect(storage.data.has(notificationsKey(7))).toBe(true);

    store.setOwner(8);
    expect(store.getState()).toEqual([]);
    store.setOwner(null); // signed out: nothing shown, nothing deleted
    expect(store.getState()).toEqual([]);

    const reloaded = createNotificationStore({ storage, owner: 7 });
    expect(reloaded.getState()).toEqual([
      expect.objectContaining({
        type: 'warning',
        message: { id: 'app.x.y', values: { n: 1 } },
        receivedAt: new Date(Date.UTC(2025, 0, 1, 12, 0, 1)),
      }),
    ]);
    reloaded.clear();
    expect(storage.data.has(notificationsKey(7))).toBe(false);
  });

  it('without an owner keeps them in memory only', () => {
    const storage = memoryStorage();
    const store = createNotificationStore({ storage });
    store.add({ type: 'info', message: 'x' });
    expect(store.getState()).toHaveLength(1);
    expect(storage.data.size).toBe(0);
  });
});

describe('parseNotifications', () => {
  const valid = { id: 'a', type: 'info', message: 'm', receivedAt: '2025-01-01T12:00:00.000Z' };
  it.each<[string, { text: string | null; want: number }]>([
    ['nothing', { text: null, want: 0 }],
    ['broken JSON', { text: '[{', want: 0 }],
    ['not a list', { text: '{}', want: 0 }],
    ['valid', { text: JSON.stringify([valid]), want: 1 }],
    ['unknown type skipped', { text: JSON.stringify([{ ...valid, type: 'fatal' }]), want: 0 }],
    ['bad date skipped', { text: JSON.stringify([{ ...valid, receivedAt: 'soon' }]), want: 0 }],
    ['bad message skipped', { text: JSON.stringify([{ ...valid, message: { id: 3 } }]), want: 0 }],
    ['more than 20 cut', { text: JSON.stringify(Array(25).fill(valid)), want: 20 }],
  ])('%s', (_name, { text, want }) => {
    expect(parseNotifications(text)).toHaveLength(want);
  });
});

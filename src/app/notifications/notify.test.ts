/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

/** A fresh page: the modules loaded anew, local storage as the last page left it. */
async function load() {
  const auth = await import('../../auth');
  const { getNotificationStore, notify } = await import('./notify');
  const signIn = (id: number) =>
    auth.authSession.store.setUser({ id, email: `u${id}@joule.test`, privileges: [] });
  return { auth, getNotificationStore, notify, signIn };
}

describe('notify: the bell follows the signed-in user (docs/product.md §2, §4)', () => {
  it('keeps each user’s notifications across reloads, under their id', async () => {
    const first = await load();
    first.signIn(1);
    first.notify({ type: 'success', message: 'Saved by one' });
    expect(localStorage.getItem('joule.notifications.1')).toContain('Saved by one');

    first.signIn(2);
    expect(first.getNotificationStore().getState()).toEqual([]);
    first.notify({ type: 'error', message: 'Failed for two' });
    first.auth.authSession.store.clear();
    expect(first.getNotificationStore().getState()).toEqual([]);

    vi.resetModules();
    const reloaded = await load();
    reloaded.signIn(1);
    expect(
      reloaded
        .getNotificationStore()
        .getState()
        .map((n) => n.message),
    ).toEqual(['Saved by one']);
    reloaded.signIn(2);
    expect(
      reloaded
        .getNotificationStore()
        .getState()
        .map((n) => n.message),
    ).toEqual(['Failed for two']);
  });

  it('follows another tab of the same user', async () => {
    const page = await load();
    page.signIn(3);
    const store = page.getNotificationStore();
    const newValue = JSON.stringify([
      {
        id: 'x',
        type: 'info',
        message: 'From the other tab',
        receivedAt: new Date().toISOString(),
      },
    ]);
    localStorage.setItem('joule.notifications.3', newValue);
    window.dispatchEvent(new StorageEvent('storage', { key: 'joule.notifications.3', newValue }));
    expect(store.getState().map((n) => n.message)).toEqual(['From the other tab']);
  });
});

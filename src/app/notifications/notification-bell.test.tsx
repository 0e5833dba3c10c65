/** @vitest-environment jsdom */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import cs from '../../../locales/cs.json';
import en from '../../../locales/en.json';
import { NotificationBell } from './notification-bell';
import { createNotificationStore, type NotificationStore } from './notification-store';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const catalogues = {
  en: { locale: 'en-US', messages: en },
  cs: { locale: 'cs-CZ', messages: { ...en, ...cs } },
};

function renderBell(store: NotificationStore, language: keyof typeof catalogues = 'en') {
  const { locale, messages } = catalogues[language];
  return render(
    <IntlProvider locale={locale} messages={messages}>
      <NotificationBell store={store} />
    </IntlProvider>,
  );
}

function storeWith(count: number, now = () => new Date()): NotificationStore {
  const store = createNotificationStore({ now });
  for (let n = 1; n <= count; n += 1) store.add({ type: 'info', message: `Message ${n}` });
  return store;
}

async function openBell(button = /^Notifications/, list = 'Notifications') {
  await userEvent.click(screen.getByRole('button', { name: button }));
  return screen.findByRole('list', { name: list });
}

describe('notification bell (docs/product.md §2, §9)', () => {
  it.each<[number, string | null]>([
    [0, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [21, '9+'],
  ])('%i notifications → badge %s', (count, badge) => {
    const { container } = renderBell(storeWith(count));
    const shown = container.querySelector('.joule-bell-badge');
    expect(shown?.textContent ?? null).toBe(badge);
  });

  it('names the count for screen readers', () => {
    renderBell(storeWith(3));
    expect(screen.getByRole('button', { name: 'Notifications (3)' })).toBeTruthy();
  });

  it('keeps 20 of 21, newest first, each with its icon, message and own remove button', async () => {
    const store = storeWith(20);
    store.add({ type: 'error', message: 'Newest' });
    renderBell(store);
    const list = await openBell();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(20);
    expect(items[0]?.textContent).toContain('Newest');
    expect(within(items[0]!).getByTitle('Error')).toBeTruthy();
    expect(items.at(-1)?.textContent).toContain('Message 2');
    expect(within(list).queryByText('Message 1')).toBeNull();
    expect(within(items[1]!).getByTitle('Information')).toBeTruthy();

    await userEvent.click(
      within(list).getByRole('button', { name: 'Remove notification: Newest' }),
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(19);
    expect(within(list).queryByText('Newest')).toBeNull();
    expect(screen.getByRole('button', { name: 'Notifications (19)' })).toBeTruthy();
  });

  it('shows each type with its icon and translates message ids when shown', async () => {
    const store = createNotificationStore();
    store.add({ type: 'success', message: { id: 'app.settings.saved' } });
    store.add({ type: 'warning', message: 'W' });
    store.add({ type: 'info', message: 'I' });
    store.add({ type: 'error', message: 'E' });
    renderBell(store, 'cs');
    const list = await openBell(/^Oznámení/, 'Oznámení');
    const icons = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('svg title')?.textContent);
    expect(icons).toEqual(['Chyba', 'Informace', 'Varování', 'Úspěch']);
    expect(within(list).getByText('Nastavení bylo uloženo.')).toBeTruthy();
  });

  it('Clear empties the list and hides the badge', async () => {
    const store = storeWith(3);
    const { container } = renderBell(store);
    const list = await openBell();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('list', { name: 'Notifications' })).toBeNull();
    expect(screen.getByText('No notifications')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear' })).toHaveProperty('disabled', true);
    expect(container.querySelector('.joule-bell-badge')).toBeNull();
    expect(store.getState()).toEqual([]);
  });

  it('shows the time received relative to now, refreshed every 10 s, full date as tooltip', async () => {
    // Only the clock and intervals are faked: the popover's own timers stay real.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(2025, 5, 15, 14, 30, 0));
    const store = createNotificationStore();
    store.add({ type: 'success', message: 'Saved' });
    renderBell(store);
    const list = await openBell();
    const time = list.querySelector('time');
    expect(time?.textContent).toBe('now');
    expect(time?.getAttribute('title')).toBe('6/15/2025, 2:30:00 PM');
    expect(time?.getAttribute('dateTime')).toBe(new Date(2025, 5, 15, 14, 30).toISOString());

    act(() => vi.advanceTimersByTime(9_999));
    expect(time?.textContent).toBe('now');
    act(() => vi.advanceTimersByTime(1));
    expect(time?.textContent).toBe('10 seconds ago');
    act(() => vi.advanceTimersByTime(50_000));
    expect(time?.textContent).toBe('1 minute ago');
    act(() => vi.advanceTimersByTime(2 * 60 * 60_000));
    expect(time?.textContent).toBe('2 hours ago');
  });
});

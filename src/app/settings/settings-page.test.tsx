/** @vitest-environment jsdom */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authSession } from '../../auth';
import { defaultSettings, getSettings, saveSettings } from '../../i18n';
import { getNotificationStore } from '../notifications/notify';
import { renderApp, signIn } from '../test-support/render';
import { syncSettings } from './apply-settings';

let stopSync: (() => void) | null = null;

afterEach(() => {
  cleanup();
  stopSync?.();
  stopSync = null;
  authSession.store.clear();
  saveSettings(defaultSettings);
  localStorage.clear();
  document.documentElement.className = '';
});

const htmlClasses = () => [...document.documentElement.classList].sort();

describe('settings page (docs/product.md §2)', () => {
  it('saves theme and language to local storage and applies the language at once', async () => {
    signIn({ id: 1, email: 'a@joule.test', privileges: ['USERS'] });
    const user = userEvent.setup();
    // No `language` override: the page follows the stored setting (Czech by default).
    const { router } = await renderApp({ path: '/settings', language: undefined });
    await screen.findByRole('heading', { name: 'Nastavení' });
    await user.click(screen.getByRole('radio', { name: 'Tmavě modrý' }));
    await user.click(screen.getByRole('radio', { name: 'Angličtina' }));
    expect(getSettings()).toEqual(defaultSettings); // nothing applied before saving
    await user.click(screen.getByRole('button', { name: 'Uložit nastavení' }));

    expect(getSettings()).toEqual({ theme: 'darkBlue', language: 'en' });
    expect(JSON.parse(localStorage.getItem('joule.settings') ?? '')).toEqual({
      theme: 'darkBlue',
      language: 'en',
    });
    await screen.findByRole('heading', { name: 'Settings' });
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Settings // Joule'));
    expect(screen.getByRole('radio', { name: 'Dark Blue' })).toHaveProperty('checked', true);
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('applies the theme at once on save, and the bell notes the save', async () => {
    signIn({ id: 1, email: 'a@joule.test', privileges: ['USERS'] });
    stopSync = syncSettings();
    expect(htmlClasses()).toEqual([]);
    const user = userEvent.setup();
    await renderApp({ path: '/settings' });
    await screen.findByRole('heading', { name: 'Settings' });

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(htmlClasses()).toEqual([]); // only on save
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(htmlClasses()).toEqual(['bp6-dark']);

    await user.click(screen.getByRole('radio', { name: 'Dark Blue' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(htmlClasses()).toEqual(['bp6-dark', 'joule-theme-dark-blue']);

    await user.click(screen.getByRole('radio', { name: 'Light' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(htmlClasses()).toEqual([]);

    expect(screen.getByRole('button', { name: 'Notifications (3)' })).toBeTruthy();
    getNotificationStore().clear();
  });

  it('keeps the settings across a reload', async () => {
    saveSettings({ theme: 'dark', language: 'en' });
    vi.resetModules();
    const fresh = await import('../../i18n');
    expect(fresh.getSettings()).toEqual({ theme: 'dark', language: 'en' });
  });
});

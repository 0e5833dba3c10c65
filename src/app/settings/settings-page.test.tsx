/** @vitest-environment jsdom */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authSession } from '../../auth';
import { defaultSettings, getSettings, saveSettings } from '../../i18n';
import { renderApp, signIn } from '../test-utils';

afterEach(() => {
  cleanup();
  authSession.store.clear();
  saveSettings(defaultSettings);
  localStorage.clear();
});

describe('settings page (SPEC §2)', () => {
  it('saves theme and language to local storage and applies the language at once', async () => {
    signIn({ id: 1, email: 'a@joule.test', privileges: ['USERS'] });
    const user = userEvent.setup();
    // No `language` override: the page follows the stored setting (Czech by default).
    const { router } = renderApp({ path: '/settings', language: undefined });
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
});

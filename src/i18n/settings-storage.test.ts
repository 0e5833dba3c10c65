/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('settings in local storage (joule.settings)', () => {
  it('reads the stored settings at start and writes saved ones', async () => {
    localStorage.setItem('joule.settings', JSON.stringify({ theme: 'dark', language: 'en' }));
    const { getSettings, saveSettings } = await import('./settings');
    expect(getSettings()).toEqual({ theme: 'dark', language: 'en' });
    saveSettings({ theme: 'darkBlue', language: 'cs' });
    expect(JSON.parse(localStorage.getItem('joule.settings') ?? '')).toEqual({
      theme: 'darkBlue',
      language: 'cs',
    });
  });

  it('follows another tab', async () => {
    const { getSettings } = await import('./settings');
    const newValue = JSON.stringify({ theme: 'light', language: 'en' });
    window.dispatchEvent(new StorageEvent('storage', { key: 'joule.settings', newValue }));
    expect(getSettings()).toEqual({ theme: 'light', language: 'en' });
  });
});

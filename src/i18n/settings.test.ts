import { describe, expect, it, vi } from 'vitest';
import {
  defaultSettings,
  getSettings,
  parseSettings,
  saveSettings,
  subscribeSettings,
  type AppSettings,
} from './settings';

describe('parseSettings (docs/product.md §3: theme light, language cs by default)', () => {
  it.each<[string, { text: string | null; want: AppSettings }]>([
    ['nothing stored', { text: null, want: { theme: 'light', language: 'cs' } }],
    ['broken JSON', { text: '{"theme":', want: defaultSettings }],
    [
      'stored values',
      { text: '{"theme":"darkBlue","language":"en"}', want: { theme: 'darkBlue', language: 'en' } },
    ],
    [
      'unknown values fall back one by one',
      { text: '{"theme":"pink","language":"en"}', want: { theme: 'light', language: 'en' } },
    ],
    ['not an object', { text: '"dark"', want: defaultSettings }],
  ])('%s', (_name, { text, want }) => {
    expect(parseSettings(text)).toEqual(want);
  });
});

describe('saveSettings', () => {
  it('applies at once and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSettings(listener);
    saveSettings({ theme: 'dark', language: 'en' });
    expect(getSettings()).toEqual({ theme: 'dark', language: 'en' });
    expect(listener).toHaveBeenCalledWith({ theme: 'dark', language: 'en' });
    unsubscribe();
    saveSettings(defaultSettings);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

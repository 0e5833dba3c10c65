/**
 * App settings (docs/product.md §3 "App settings", §9): theme and language, kept in the browser's
 * local storage under `joule.settings` and shared by every tab of the page through a tiny
 * external store. `index.html` reads the same key before first paint to set the theme.
 */
import { useSyncExternalStore } from 'react';

/** Colour themes (docs/product.md §1). */
export type Theme = 'light' | 'dark' | 'darkBlue';
/** UI languages (docs/product.md §1): Czech is the default, English the fallback. */
export type Language = 'cs' | 'en';

export interface AppSettings {
  /** @default 'light' */
  readonly theme: Theme;
  /** @default 'cs' */
  readonly language: Language;
}

/** Local storage key of the settings; `index.html` reads it too. */
export const SETTINGS_STORAGE_KEY = 'joule.settings';
export const themes: readonly Theme[] = ['light', 'dark', 'darkBlue'];
export const languages: readonly Language[] = ['cs', 'en'];
export const defaultSettings: AppSettings = { theme: 'light', language: 'cs' };

/** Reads settings from a stored JSON text; anything unknown falls back to the default. */
export function parseSettings(text: string | null): AppSettings {
  let raw: unknown = null;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    // A hand-edited or truncated value: start from the defaults.
  }
  const stored = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  return {
    theme: themes.find((theme) => theme === stored.theme) ?? defaultSettings.theme,
    language: languages.find((lang) => lang === stored.language) ?? defaultSettings.language,
  };
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // Storage disabled by the browser's privacy settings.
  }
}

let current: AppSettings = parseSettings(storage()?.getItem(SETTINGS_STORAGE_KEY) ?? null);
const listeners = new Set<(settings: AppSettings) => void>();

function emit(): void {
  for (const listener of listeners) listener(current);
}

/** The settings now in force. */
export function getSettings(): AppSettings {
  return current;
}

/** Stores settings and applies them at once (every subscriber is told). */
export function saveSettings(settings: AppSettings): void {
  current = { theme: settings.theme, language: settings.language };
  try {
    storage()?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Quota or privacy mode: the settings still apply for this page's life.
  }
  emit();
}

/** Calls `listener` after every change; returns the unsubscribe function. */
export function subscribeSettings(listener: (settings: AppSettings) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab saved settings: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== SETTINGS_STORAGE_KEY) return;
    current = parseSettings(event.newValue);
    emit();
  });
}

/** The current settings, re-rendering on change. */
export function useSettings(): AppSettings {
  return useSyncExternalStore(subscribeSettings, getSettings, getSettings);
}

/**
 * Puts the app settings in force: theme classes and the API's language (docs/product.md §1, §3).
 */
import { setApiLanguage } from '../../api';
import { getSettings, subscribeSettings, type AppSettings } from '../../i18n';
import { LANGUAGE_COOKIE } from '../../shared';
import { applyTheme } from '../theme';

export function applySettings(settings: AppSettings): void {
  applyTheme(settings.theme);
  // Labels and error messages of the API follow the UI language (docs/api.md).
  setApiLanguage(settings.language);
  // The language a server-rendered page is rendered in (server/http/first-page.ts).
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${settings.language}; Path=/; Max-Age=31536000; SameSite=Strict${secure}`;
}

/**
 * Applies the stored settings now and every saved change at once (this tab or another);
 * returns the unsubscribe function. `index.html` has applied the theme before first paint.
 */
export function syncSettings(): () => void {
  applySettings(getSettings());
  return subscribeSettings(applySettings);
}

/** Starts the SPA: settings in force, catalogue on its way, router mounted. */
import { StrictMode } from 'react';
import { FocusStyleManager } from '@blueprintjs/core';
import { createRoot } from 'react-dom/client';
import { setApiLanguage } from '../api';
import { getSettings, loadMessages, subscribeSettings, type AppSettings } from '../i18n';
import { App } from './app';
import { createAppRouter } from './routes';
import { applyTheme } from './theme';

function applySettings(settings: AppSettings): void {
  applyTheme(settings.theme);
  // Labels and error messages of the API follow the UI language (API.md).
  setApiLanguage(settings.language);
}

/** Mounts the app into `root` (SPEC §2 "The application mounts into one root element"). */
export function startApp(root: HTMLElement): void {
  // Focus rings for keyboard users only, not after every mouse click.
  FocusStyleManager.onlyShowFocusOnTabs();
  const settings = getSettings();
  applySettings(settings);
  subscribeSettings(applySettings);
  // Start fetching the catalogue now rather than after the first render.
  void loadMessages(settings.language);
  const router = createAppRouter();
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

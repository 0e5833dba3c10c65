/** Starts the SPA: settings in force, error reporting, catalogue on its way, router mounted. */
import { StrictMode } from 'react';
import { FocusStyleManager } from '@blueprintjs/core';
import { createRoot } from 'react-dom/client';
import { getSession } from '../auth';
import { getSettings, loadMessages } from '../i18n';
import { App } from './app';
import { initErrorReporting, reportError } from './error-reporting';
import { adoptFirstPage, afterNextPaint, takeEmbeddedAnswers } from './first-page';
import { preloadIcons, setUpIcons } from './icons';
import { createAppRouter } from './routes';
import { syncSettings } from './settings/apply-settings';

/** Mounts the app into `root` (SPEC §2 "The application mounts into one root element"). */
export function startApp(root: HTMLElement): void {
  // Sentry only when the build has a DSN (SPEC §9); loads alongside the first page.
  void initErrorReporting();
  // Focus rings for keyboard users only, not after every mouse click.
  FocusStyleManager.onlyShowFocusOnTabs();
  // Icon paths from the app's small set, not all of Blueprint's at the first icon.
  setUpIcons();
  syncSettings();
  // Start fetching the catalogue now rather than after the first render.
  void loadMessages(getSettings().language);
  // A page the server rendered stays on screen until the app has rendered its own, which
  // starts from the same answers and draws its icons at once as the server's did; the app
  // starts once the browser has shown that page, not before.
  const adopted = adoptFirstPage(root);
  if (adopted) {
    takeEmbeddedAnswers(`Bearer ${getSession().access}`, getSettings().language);
    void preloadIcons();
  }
  const mount = () => {
    const router = createAppRouter();
    createRoot(root, {
      // Errors no error boundary caught: logged and reported, never shown raw (SPEC §8).
      onUncaughtError: (error, info) => reportError(error, { componentStack: info.componentStack }),
    }).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  };
  if (adopted) afterNextPaint(mount);
  else mount();
}

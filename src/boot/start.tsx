/** Starts the SPA; over a server-rendered page, hydrates it (docs/architecture.md "First page"). */
import { StrictMode } from 'react';
import { FocusStyleManager } from '@blueprintjs/core';
import { createRoot } from 'react-dom/client';
import {
  App,
  initErrorReporting,
  loadFirstPage,
  preloadIcons,
  setUpIcons,
  syncSettings,
} from '../app';
import { getSession, resumeSessionWith } from '../auth';
import { getSettings, loadMessages } from '../i18n';
import { applyPreloadedStylesheets } from './after-rows';
import { takeEarlyInput } from './early-input';
import { adoptEarlyResponses } from './early-responses';
import { takeFirstPageState } from './first-page-state';
import { hydrate } from './hydrate';
import { rootOptions } from './root-options';

/** Mounts the app into `root` (docs/product.md §2 "The application mounts into one root element"). */
export function startApp(root: HTMLElement): void {
  // Sentry only when the build has a DSN (docs/product.md §9); loads alongside the first page.
  void initErrorReporting();
  // Focus rings for keyboard users only, not after every mouse click.
  FocusStyleManager.onlyShowFocusOnTabs();
  // Icon paths from the app's small set, not all of Blueprint's at the first icon.
  setUpIcons();
  syncSettings();
  // The GETs index.html sent before this code was here (src/boot/early-start.ts).
  adoptEarlyResponses();
  const { language } = getSettings();
  // Start fetching the catalogue now rather than after the first render.
  void loadMessages(language);
  const first = takeFirstPageState();
  if (first && first.language === language && resumeSessionWith(first.user)) {
    hydrate(root, first).catch((error: unknown) => {
      // The page's code did not load: the app renders it afresh (and reports the failure).
      console.error('The server-rendered page could not be hydrated', error);
      render(root);
    });
  } else {
    render(root);
  }
}

/**
 * Renders the app into `root`, replacing whatever the server put there. The first render
 * waits for the stylesheets, the page's code, then its data (a list's rows and columns), each
 * at most {@link FIRST_RENDER_WAIT_MS}, and when signed in for the icons' paths: a page whose
 * data comes quickly is rendered once, with it, not first as a spinner.
 */
function render(root: HTMLElement): void {
  // A server-rendered page's elements are replaced: what was clicked or typed there is gone.
  takeEarlyInput();
  const show = () => {
    root.replaceChildren();
    createRoot(root, rootOptions).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  };
  const page = loadFirstPage(location.pathname, location.search);
  const firstPage = Promise.race([page.ready, waitAtMost(FIRST_RENDER_WAIT_MS)]).then(() =>
    Promise.race([page.rows, waitAtMost(FIRST_RENDER_WAIT_MS)]),
  );
  const icons = getSession().refresh
    ? Promise.race([preloadIcons(), waitAtMost(FIRST_RENDER_WAIT_MS)])
    : undefined;
  Promise.all([applyPreloadedStylesheets(), firstPage, icons]).then(show, show);
}

/** The longest a page's first render waits for its code, and then for its data. */
const FIRST_RENDER_WAIT_MS = 300;

const waitAtMost = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

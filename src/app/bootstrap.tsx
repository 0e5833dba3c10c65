/**
 * Starts the SPA: settings in force, error reporting, catalogue on its way, router mounted;
 * over a server-rendered page, hydrated (docs/architecture.md "First page").
 */
import { StrictMode } from 'react';
import { FocusStyleManager } from '@blueprintjs/core';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { resumeSessionWith } from '../auth';
import { getSettings, loadMessages, wantResourceLabels } from '../i18n';
import { App } from './app';
import { initErrorReporting, reportError } from './error-reporting';
import { takeFirstPageState, type EmbeddedFirstPage } from './first-page';
import { preloadIcons, setUpIcons } from './icons';
import { loadShellRegistry } from './shell-registry';
import {
  createAppRouter,
  createRoutes,
  pageDataReady,
  resolveLazyMatches,
  resourceRouteId,
  SHELL_ROUTE_ID,
} from './routes';
import { syncSettings } from './settings/apply-settings';

/**
 * The prefix of the console error by which a recoverable error (above all a hydration
 * mismatch: the server's markup differs from the app's first render) shows; the end-to-end
 * tests fail on it (tests/e2e/fixtures.ts).
 */
export const RECOVERABLE_ERROR_PREFIX = 'joule: recoverable error';

const rootOptions: RootOptions = {
  // Errors no error boundary caught: logged and reported, never shown raw (docs/product.md §8).
  onUncaughtError: (error, info) => reportError(error, { componentStack: info.componentStack }),
  // React recovered (re-rendered on the client), but the page was not what it should be.
  onRecoverableError: (error, info) => {
    console.error(RECOVERABLE_ERROR_PREFIX, error);
    reportError(error, { componentStack: info.componentStack });
  },
};

/**
 * Mounts the app into `root` (docs/product.md §2 "The application mounts into one root element").
 */
export function startApp(root: HTMLElement): void {
  // Sentry only when the build has a DSN (docs/product.md §9); loads alongside the first page.
  void initErrorReporting();
  // Focus rings for keyboard users only, not after every mouse click.
  FocusStyleManager.onlyShowFocusOnTabs();
  // Icon paths from the app's small set, not all of Blueprint's at the first icon.
  setUpIcons();
  syncSettings();
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
 * Renders the app into `root`, replacing whatever the server put there. The router starts
 * at once: its loaders fetch the page's code and data while nothing else holds the main
 * thread. The first render waits for the stylesheets (which a static page's early start
 * applied from a script, where they blocked nothing, and which a server-rendered page the
 * app does not hydrate still needs in full), for the page's loaders and code (at most
 * {@link FIRST_RENDER_WAIT_MS}, then the page's loading state shows) and then for the data
 * its screen renders with (a list's rows and the user's columns: `pageDataReady`; at most
 * {@link FIRST_RENDER_WAIT_MS} more, then the screen's own loading state shows): a page
 * whose data comes quickly is rendered once, with it, rather than first as a spinner.
 */
function render(root: HTMLElement): void {
  const router = createAppRouter();
  const show = () => {
    root.replaceChildren();
    createRoot(root, rootOptions).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  };
  const routed = new Promise<void>((done) => {
    if (router.state.initialized) return done();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      done();
    });
  });
  const firstPage = Promise.race([routed, waitAtMost(FIRST_RENDER_WAIT_MS)]).then(() =>
    router.state.initialized
      ? Promise.race([pageDataReady(router), waitAtMost(FIRST_RENDER_WAIT_MS)])
      : undefined,
  );
  Promise.all([applyPreloadedStylesheets(), firstPage]).then(show, show);
}

/** The longest a page's first render waits for its code, and then for its data. */
const FIRST_RENDER_WAIT_MS = 300;

/** Resolves after `ms` milliseconds. */
function waitAtMost(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/**
 * Hydrates the page the server rendered into `root`: the first render must be the
 * server's, so the catalogue, the icons, the registry and the code of the page's routes
 * are loaded first, and the router starts from the loader data and the query cache the
 * server rendered with (react-router's `hydrationData`, TanStack Query's dehydrated state).
 */
async function hydrate(root: HTMLElement, first: EmbeddedFirstPage): Promise<void> {
  // The page's resource's labels (`/<resource>`: the server renders list routes only) are in
  // the catalogue it hydrates with, as in the server's.
  const labels = wantResourceLabels([location.pathname.split('/')[1] ?? '']);
  const [registry] = await Promise.all([
    loadShellRegistry(),
    labels,
    preloadIcons(),
    applyPreloadedStylesheets(),
  ]);
  const routes = createRoutes({ registry });
  const ids = await resolveLazyMatches(routes, `${location.pathname}${location.search}`);
  const loaderData = Object.fromEntries(
    ids.map((id) => [
      id,
      id === SHELL_ROUTE_ID ? { registry, dehydratedState: first.dehydratedState } : null,
    ]),
  );
  const router = createAppRouter({ routes, registry, hydrationData: { loaderData } });
  // The rows are painted and the page's code is here: the dialog's code loads while React
  // hydrates, so that the first click on a row does not wait for it afterwards.
  const opened = registry.descriptors.find(({ name }) => ids.includes(resourceRouteId(name)));
  if (opened) registry.preloadDialog?.(opened);
  hydrateRoot(
    root,
    <StrictMode>
      <App router={router} />
    </StrictMode>,
    rootOptions,
  );
}

/** The longest the page waits for a frame before going on. */
const FRAME_WAIT_MS = 100;
/** The longest the page waits for its stylesheets before hydrating anyway. */
const STYLESHEETS_WAIT_MS = 3000;

/** Resolves after the next frame has been painted (or {@link FRAME_WAIT_MS}: a hidden tab paints none). */
function nextPaint(): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(done, FRAME_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        done();
      }, 0),
    );
  });
}

/**
 * Applies the stylesheets the inline early start preloaded for a page with its critical
 * CSS inline (`<link rel="preload" as="style">`, server/http/critical-css.ts) once the
 * server's rows are painted, so that their paint pays for no more CSS than it needs; and
 * resolves once every stylesheet of the head has loaded or failed (or after
 * {@link STYLESHEETS_WAIT_MS}: a failed one cannot be told from one still loading). The
 * page is hydrated only then, so that what the user can open next (a dialog, a popover) is
 * styled.
 */
async function applyPreloadedStylesheets(doc: Document = document): Promise<unknown> {
  const preloaded = [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].filter(
    (link) => link.as === 'style',
  );
  const applied = () =>
    new Set(
      [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
        (link) => link.href,
      ),
    );
  // A static page's early start applied them already (src/app/early-start.ts).
  const missing = preloaded.filter((link) => !applied().has(link.href));
  if (missing.length) {
    await nextPaint();
    const now = applied();
    for (const preload of missing) {
      if (now.has(preload.href)) continue;
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.crossOrigin = '';
      // The attribute as the server wrote it (`/assets/…`), not the resolved URL: Vite's
      // loader of a lazy chunk's stylesheets looks for `link[href="/assets/…"]` and would
      // otherwise apply the same sheet again (a second parse and a restyle of the page).
      link.setAttribute('href', preload.getAttribute('href') ?? preload.href);
      doc.head.appendChild(link);
    }
  }
  const pending = [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
    .filter((link) => !link.sheet)
    .map(
      (link) =>
        new Promise((done) => {
          link.addEventListener('load', done, { once: true });
          link.addEventListener('error', done, { once: true });
        }),
    );
  if (pending.length === 0) return;
  return Promise.race([
    Promise.all(pending),
    new Promise((done) => setTimeout(done, STYLESHEETS_WAIT_MS)),
  ]);
}

/**
 * Hydration of a server-rendered page (docs/architecture.md "The server-rendered first page").
 */
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import {
  App,
  createAppRouter,
  createRoutes,
  loadShellRegistry,
  preloadIcons,
  resolveLazyMatches,
  resourceRouteId,
  SHELL_ROUTE_ID,
} from '../app';
import { wantResourceLabels } from '../i18n';
import { applyPreloadedStylesheets } from './after-rows';
import { takeEarlyInput } from './early-input';
import type { EmbeddedFirstPage } from './first-page-state';
import { rootOptions } from './root-options';

/**
 * Hydrates the page the server rendered into `root`: the catalogue, icons, registry and the
 * routes' code first, then the router from the server's loader data and query cache
 * (react-router's `hydrationData`, TanStack Query's dehydrated state).
 */
export async function hydrate(root: HTMLElement, first: EmbeddedFirstPage): Promise<void> {
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
  // From here on React replays what is clicked or typed; what came before, once hydrated.
  const replayEarlyInput = takeEarlyInput();
  hydrateRoot(
    root,
    <StrictMode>
      <App router={router} onReady={replayEarlyInput} />
    </StrictMode>,
    rootOptions,
  );
}

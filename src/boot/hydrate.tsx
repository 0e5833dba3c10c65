/** Hydration of a server-rendered page (docs/architecture.md "The server-rendered first page"). */
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App, preloadIcons, preloadPage, resourceLabels, shellRegistry } from '../app';
import { applyPreloadedStylesheets } from './after-rows';
import { takeEarlyInput } from './early-input';
import type { EmbeddedFirstPage } from './first-page-state';
import { rootOptions } from './root-options';

/**
 * Hydrates the page the server rendered into `root`: the page's labels, icons, registry and
 * code first, then the app from the server's query cache (TanStack Query's dehydrated state).
 */
export async function hydrate(root: HTMLElement, first: EmbeddedFirstPage): Promise<void> {
  // The page's resource (`/<resource>`: the server renders list pages only).
  const name = location.pathname.split('/')[1] ?? '';
  const [registry] = await Promise.all([
    shellRegistry(),
    resourceLabels(name),
    preloadIcons(),
    applyPreloadedStylesheets(),
    preloadPage(location.pathname),
  ]);
  // The rows are painted and the page's code is here: the dialog's code loads while React
  // hydrates, so that the first click on a row does not wait for it afterwards.
  const opened = registry.descriptors.find((descriptor) => descriptor.name === name);
  if (opened) registry.preloadDialog?.(opened);
  // From here on React replays what is clicked or typed; what came before, once hydrated.
  const replayEarlyInput = takeEarlyInput();
  hydrateRoot(
    root,
    <StrictMode>
      <App
        firstPage={{ registry, dehydratedState: first.dehydratedState }}
        onReady={replayEarlyInput}
      />
    </StrictMode>,
    rootOptions,
  );
}

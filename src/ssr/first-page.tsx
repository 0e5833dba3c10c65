/**
 * The server-rendered first page (docs/architecture.md "First page", "The server-rendered first page").
 * Built for Node by `npm run build` (`vite build --ssr`, into `dist-server/`) and used by
 * the reference server only: for a navigation to a list route with a session cookie, the
 * server asks this module which API request the page makes first
 * ({@link firstListRequest}), runs it as that user, and streams the page rendered by the
 * app's own routes and components ({@link renderFirstPage}: `renderToPipeableStream`) into `index.html`, with the state the app hydrates it from
 * (src/boot/start.tsx). Against any other back-end the static `index.html` is served
 * and none of this runs.
 */
import { StrictMode } from 'react';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createIntl } from 'react-intl';
import {
  App,
  loadShellRegistry,
  pageTitle,
  preloadIcons,
  preloadPage,
  reservedPaths,
  resourceLabels,
  type ShellRegistry,
} from '../app';
import { createSessionStore, SessionProvider, type CurrentUser } from '../auth';
import { dateLocale, loadMessages, wantLazyMessages, type Language } from '../i18n';
import type { ResourceDescriptor } from '../generated/descriptor-types';
import { listQueryFor, PREFERENCES_KEY, seedResourceList, VIRTUALIZE_OVER } from '../resources';
import type {
  FirstListRequest,
  FirstPageInput,
  FirstPageRenderer,
  RenderedFirstPage,
} from '../shared';

export type { FirstListRequest, FirstPageInput, RenderedFirstPage };

/** The descriptor of the list route at `pathname`, if it is a list page the SPA has. */
async function listRoute(pathname: string): Promise<{
  registry: ShellRegistry;
  descriptor: ResourceDescriptor;
} | null> {
  const name = pathname.replace(/^\/+|\/+$/g, '');
  if (!name || name.includes('/') || reservedPaths.includes(name)) return null;
  const registry = await loadShellRegistry();
  // Every message, whatever the page shows: the browser hydrates with its own page's.
  await wantLazyMessages();
  const descriptor = registry.descriptors.find((candidate) => candidate.name === name);
  // An override's own page (the reports) is no list: the browser renders it.
  if (!descriptor?.operations.list || registry.hasOwnScreen?.(descriptor)) return null;
  return { registry, descriptor };
}

/** `react-intl` for `language`, with its catalogue. */
async function intlFor(language: Language) {
  const messages = await loadMessages(language);
  return createIntl({ locale: dateLocale(language), defaultLocale: 'cs', messages });
}

/**
 * The API request the page at `url` (path and query) asks for first, when the page is a
 * resource's list (`/customers?sort=…`) of at most {@link VIRTUALIZE_OVER} rows; `null`
 * for any other page.
 */
export async function firstListRequest(
  url: string,
  language: Language,
): Promise<FirstListRequest | null> {
  const { pathname, searchParams } = new URL(url, 'http://joule.invalid');
  const route = await listRoute(pathname);
  if (!route) return null;
  const wanted = listQueryFor(route.descriptor, searchParams);
  // A longer page renders only the rows in view, which takes the browser's measurements.
  if (Number(wanted.page_size) > VIRTUALIZE_OVER) return null;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(wanted)) {
    if (value !== undefined) query.set(key, String(value));
  }
  const { descriptor } = route;
  const intl = await intlFor(language);
  const title = pageTitle(
    intl.formatMessage({ id: descriptor.title, defaultMessage: descriptor.name }),
    intl.formatMessage({ id: 'app.name' }),
  );
  return { resource: descriptor.name, path: descriptor.path, query: query.toString(), title };
}

/**
 * Renders the list page at `url` for `user`, with the rows of `list`, as the SPA renders
 * it (the same routes and providers, so that the browser hydrates it): the root element's
 * content as a stream and the state to embed; `null` when `url` is no list route. Resolves
 * once the whole page is rendered; rejects when it cannot be rendered.
 */
export async function renderFirstPage(input: FirstPageInput): Promise<RenderedFirstPage | null> {
  const href = new URL(input.url, 'http://joule.invalid');
  const route = await listRoute(href.pathname);
  if (!route) return null;
  const { registry, descriptor } = route;
  const user = input.user as CurrentUser;
  // The code the page shows at once (a filtered list's filter bar): rendered in place, no
  // placeholder for an inline script to swap (the Content-Security-Policy allows none).
  await Promise.all([
    loadMessages(input.language),
    preloadIcons(),
    registry.loadListCode?.(descriptor, href.searchParams),
    // The page's code and labels, so that nothing in it waits while it renders.
    preloadPage(href.pathname),
    resourceLabels(descriptor.name),
  ]);
  // One cache and one session per page: nothing of one user's page can reach another's.
  const queryClient = new QueryClient();
  seedResourceList(queryClient, descriptor, href.searchParams, input.list);
  // The user's own columns, as the app then shows them.
  if (input.preferences !== undefined) queryClient.setQueryData(PREFERENCES_KEY, input.preferences);
  const dehydratedState = dehydrate(queryClient);
  const store = createSessionStore(null);
  store.setUser(user);
  const session = { store };

  const html = await new Promise<PassThrough>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <StrictMode>
        <SessionProvider session={session}>
          <QueryClientProvider client={queryClient}>
            <App
              language={input.language}
              firstPage={{ registry, dehydratedState, ssrPath: `${href.pathname}${href.search}` }}
            />
          </QueryClientProvider>
        </SessionProvider>
      </StrictMode>,
      {
        // Every part in place: React would otherwise send a large part of the page (e.g. an
        // open filter bar) after a placeholder, with an inline script to swap it in, which
        // the Content-Security-Policy forbids. So the page streams once all of it is
        // rendered (the app's pages are inside its root Suspense boundary, src/app/root.tsx).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const body = new PassThrough();
          stream.pipe(body);
          resolve(body);
        },
        onShellError: reject,
        onError(error) {
          console.error('The first page failed to render', error);
        },
      },
    );
  });
  html.setEncoding('utf8');
  return {
    html,
    state: { user, language: input.language, dehydratedState },
  };
}

/** This module as the server takes it. */
export const renderer: FirstPageRenderer = { firstListRequest, renderFirstPage };

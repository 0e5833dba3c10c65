/**
 * The server-rendered first page (issue "The generic runtime", Speed: first rows; README
 * "Speed"). Built for Node by `npm run build` (`vite build --ssr`, into `dist-server/`)
 * and used by the reference server only: for a navigation to a list route with a session
 * cookie, the server asks this module which API request the page makes first
 * ({@link firstListRequest}), runs it as that user, and renders the page with the app's
 * own components ({@link renderFirstPage}) into `index.html`, so that the rows show
 * before the SPA's code has even arrived. The SPA then starts over the same rows
 * (`src/app/first-page.ts`). Against any other back-end the static `index.html` is served
 * and none of this runs.
 */
import { renderToString } from 'react-dom/server';
import { OverlaysProvider } from '@blueprintjs/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createIntl, IntlProvider } from 'react-intl';
import { StaticRouter } from 'react-router';
import { preloadIcons } from '../app/icons';
import { ShellLayout } from '../app/layout/shell';
import { reservedPaths } from '../app/menus';
import { loadResourceRegistry, type ResourceRegistry } from '../app/registry';
import { pageTitle } from '../app/title';
import { AbilityProvider, abilityFor, type CurrentUser } from '../auth';
import { dateLocale, loadMessages, type Language } from '../i18n';
import type { ResourceDescriptor } from '../generated/descriptor-types';
import { listQueryFor, seedResourceList } from '../resources';
import { VIRTUALIZE_OVER } from '../resources/list/use-visible-rows';

/** The API request the list route of a URL makes first. */
export interface FirstListRequest {
  /** The resource, e.g. `customers`. */
  readonly resource: string;
  /** Its list path under the API base, e.g. `/customers/`. */
  readonly path: string;
  /** The query string the SPA sends, e.g. `page=1&page_size=25&sort=customer_no`. */
  readonly query: string;
  /** `document.title` of the page (SPEC §2 titles), e.g. `Zákazníci // Joule`. */
  readonly title: string;
}

/** What the page is rendered from. */
export interface FirstPageInput {
  /** Path and query of the page, e.g. `/customers?sort=customer_no`. */
  readonly url: string;
  /** The language of the user's settings (cookie `joule.language`), `cs` by default. */
  readonly language: Language;
  /** `GET /auth/me/` of the session's user. */
  readonly user: CurrentUser;
  /** The API's answer to {@link firstListRequest} (docs/api.md "Lists"), as the user's. */
  readonly list: unknown;
}

/** The descriptor of the list route at `pathname`, if it is one the SPA has. */
async function listRoute(pathname: string): Promise<{
  registry: ResourceRegistry;
  descriptor: ResourceDescriptor;
} | null> {
  const name = pathname.replace(/^\/+|\/+$/g, '');
  if (!name || name.includes('/') || reservedPaths.includes(name)) return null;
  const registry = await loadResourceRegistry();
  const descriptor = registry.descriptors.find((candidate) => candidate.name === name);
  return descriptor?.operations.list ? { registry, descriptor } : null;
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
 * Renders the list page at `url` for `user`, with the rows of `list`, as the SPA's shell
 * and list screen render it: the markup of the app's root element; `null` when `url` is no
 * list route.
 */
export async function renderFirstPage(input: FirstPageInput): Promise<string | null> {
  const { pathname, search, searchParams } = new URL(input.url, 'http://joule.invalid');
  const route = await listRoute(pathname);
  if (!route) return null;
  const { registry, descriptor } = route;
  const [intl] = await Promise.all([intlFor(input.language), preloadIcons()]);
  // One cache per page: no row of one user's page can reach another's.
  const queryClient = new QueryClient();
  seedResourceList(queryClient, descriptor, searchParams, input.list);
  const { ResourceScreen } = registry;
  const html = renderToString(
    <IntlProvider locale={intl.locale} defaultLocale="cs" messages={intl.messages}>
      <OverlaysProvider>
        <AbilityProvider ability={abilityFor(input.user.privileges)}>
          <StaticRouter location={`${pathname}${search}`}>
            <QueryClientProvider client={queryClient}>
              <ShellLayout registry={registry} user={input.user}>
                <div className="joule-page">
                  <ResourceScreen descriptor={descriptor} />
                </div>
              </ShellLayout>
            </QueryClientProvider>
          </StaticRouter>
        </AbilityProvider>
      </OverlaysProvider>
    </IntlProvider>,
  );
  queryClient.clear();
  return html;
}

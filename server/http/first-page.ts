/**
 * The server-rendered first page of a list (docs/architecture.md "First page",
 * "The server-rendered first page"). A navigation to a list route (`/customers?sort=…`) that carries the SPA's
 * session cookie gets `index.html` with the page already in it:
 *
 * 1. The head goes out at once, with the page's title and a marker telling the inline
 *    early start (src/boot/early-start.ts) not to send anything, so that the browser fetches
 *    the stylesheet and the app's code while this server works.
 * 2. This server runs the GETs the SPA sends first (`/auth/me/`, the page of rows and the
 *    user's preferences, for the columns they chose) as that user through its own API, so every check of the API applies (token
 *    signature, algorithm and expiry, the user still active, the resource's privilege).
 * 3. It streams the page rendered by the SPA's own routes and components
 *    (src/ssr/first-page.tsx, built into `dist-server/`) into the root element, and embeds
 *    the state the SPA hydrates it with (the user, the language, the query cache;
 *    src/boot/start.tsx). If the API refuses either GET or anything fails before the
 *    page streams, the root element stays empty and the SPA does it all itself, as on a
 *    static page.
 *
 * The cookie is only read here, for GET navigations; the API never takes it (its only
 * credential is the `Authorization` header), so it opens no cross-site request forgery.
 * The SPA sets it `SameSite=Strict` (src/auth/session-cookie.ts).
 */
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withCriticalCss, type CriticalCss } from './critical-css';
import {
  ACCESS_COOKIE,
  AFTER_ROWS_MODULES_ATTRIBUTE,
  AFTER_ROWS_STYLESHEETS_ATTRIBUTE,
  FIRST_PAGE_STATE_ID,
  LANGUAGE_COOKIE,
  RENDERING_META_NAME,
  type FirstListRequest,
  type FirstPageRenderer,
  type RenderedFirstPage,
} from '../../src/shared';

export type { FirstPageRenderer };

/** The head's marker of a page being rendered (src/boot/early-start.ts). */
export const RENDERING_MARKER = renderingMarker([]);

/**
 * The head's marker of a page being rendered, listing the `stylesheets` the early start is
 * to add (those {@link withCriticalCss} took out of the head; none: the head links them) and
 * the entry `modules` it is to add once the rows are painted (those {@link withoutEntryModules}
 * took out of the head).
 */
export function renderingMarker(
  stylesheets: readonly string[],
  modules: readonly string[] = [],
): string {
  const list = (name: string, urls: readonly string[]) =>
    urls.length ? ` ${name}="${escapeText(urls.join(' ')).replace(/"/g, '&quot;')}"` : '';
  return (
    `<meta name="${RENDERING_META_NAME}" content="rendering"` +
    `${list(AFTER_ROWS_STYLESHEETS_ATTRIBUTE, stylesheets)}${list(AFTER_ROWS_MODULES_ATTRIBUTE, modules)} />`
  );
}

/**
 * The parser's own links to `stylesheets` and `modules`, for a page the server could not
 * render after all: the early start would add them only after a paint that shows nothing.
 */
function parserLinks(stylesheets: readonly string[], modules: readonly string[]): string {
  const attribute = (url: string) => escapeText(url).replace(/"/g, '&quot;');
  return (
    stylesheets
      .map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`)
      .join('') +
    modules
      .map((src) => `<script type="module" crossorigin src="${attribute(src)}"></script>`)
      .join('')
  );
}

/** An entry module of index.html's head, with its `src` (group 1). */
const ENTRY_MODULE = /<script type="module"[^>]*?\bsrc="([^"]*)"[^>]*><\/script>/g;

/**
 * The page's `head` without its entry module scripts, and their URLs (`modules`): the
 * rendered page is painted before the app's code is fetched or run, which the early start
 * then adds (src/boot/early-start.ts). Left in the head, the entry would arrive while the
 * HTML is parsed and be run before the rows' first frame.
 */
export function withoutEntryModules(head: string): { head: string; modules: readonly string[] } {
  const modules = [...head.matchAll(ENTRY_MODULE)].map((match) => match[1]!);
  return { head: head.replace(ENTRY_MODULE, ''), modules };
}

/** How `registerSpa` renders first pages. */
export interface FirstPageOptions {
  readonly renderer: FirstPageRenderer;
  /** Where this server's API is, e.g. `/api/v1`. */
  readonly apiPrefix: string;
  /**
   * The critical CSS of rendered pages (server/http/critical-css.ts), set by `registerSpa`.
   * @default none: the stylesheets stay in the head
   */
  readonly criticalCss?: CriticalCss;
}

/**
 * Loads the server-side rendering build `file` (`dist-server/first-page.js`); null when it
 * is not built, and the static `index.html` is served as before.
 */
export async function loadFirstPageRenderer(file: string): Promise<FirstPageRenderer | null> {
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as FirstPageRenderer;
}
/** JSON that is safe inside `<script>`: no `<` (so no `</script>`), no line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const EMPTY_ROOT = '<div id="root"></div>';

/** What a page to render needs before the API is asked. */
interface Plan {
  readonly token: string;
  readonly language: 'cs' | 'en';
  readonly first: FirstListRequest;
}

async function plan(renderer: FirstPageRenderer, request: FastifyRequest): Promise<Plan | null> {
  const token = request.cookies[ACCESS_COOKIE];
  if (!token) return null;
  const language = request.cookies[LANGUAGE_COOKIE] === 'en' ? 'en' : 'cs';
  const first = await renderer.firstListRequest(request.url, language);
  return first ? { token, language, first } : null;
}

/** The page rendered for the plan's user; null if the API refused a GET. */
async function renderedPage(
  app: FastifyInstance,
  { renderer, apiPrefix }: FirstPageOptions,
  request: FastifyRequest,
  { token, language, first }: Plan,
): Promise<RenderedFirstPage | null> {
  // As the browser would send them, so that the answers' links name this host.
  const forwarded = Object.fromEntries(
    ['host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for']
      .map((name) => [name, request.headers[name]] as const)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const headers = {
    ...forwarded,
    accept: 'application/json',
    'accept-language': language,
    authorization: `Bearer ${token}`,
  };
  const meUrl = `${apiPrefix}/auth/me/`;
  const listUrl = `${apiPrefix}${first.path}?${first.query}`;
  const [me, list, preferences] = await Promise.all([
    app.inject({ method: 'GET', url: meUrl, headers }),
    app.inject({ method: 'GET', url: listUrl, headers }),
    // The user's own list columns (server/auth/preferences.ts), rendered as chosen.
    app.inject({ method: 'GET', url: `${apiPrefix}/auth/me/preferences/`, headers }),
  ]);
  if (me.statusCode !== 200 || list.statusCode !== 200) return null;
  return renderer.renderFirstPage({
    url: request.url,
    language,
    user: me.json(),
    list: list.json(),
    preferences: preferences.statusCode === 200 ? preferences.json() : undefined,
  });
}

/**
 * The page for `request` as a stream (head first, then the rendered root), or null when
 * the request has no session cookie or is no list route: then the static page is the
 * answer. `indexHtml` is the build's `index.html`.
 */
export async function signedInPage(
  app: FastifyInstance,
  options: FirstPageOptions,
  indexHtml: string,
  request: FastifyRequest,
): Promise<Readable | null> {
  const planned = await plan(options.renderer, request);
  if (!planned) return null;
  const at = indexHtml.indexOf(EMPTY_ROOT);
  if (at < 0) return null;
  let head = indexHtml
    .slice(0, at)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(planned.first.title)}</title>`);
  const tail = indexHtml.slice(at + EMPTY_ROOT.length);
  // Rows painted early: the rules the page needs inline, the stylesheets added by the early
  // start, where they block nothing.
  const { criticalCss } = options;
  const resource = planned.first.resource;
  const css = criticalCss?.get(resource);
  let stylesheets: readonly string[] = [];
  if (css) ({ head, stylesheets } = withCriticalCss(head, css));
  const entry = withoutEntryModules(head);
  head = entry.head;
  const { modules } = entry;
  head = head.replace('<head>', `<head>${renderingMarker(stylesheets, modules)}`);
  async function* page() {
    yield head;
    const rendered = await renderedPage(app, options, request, planned!).catch((error: unknown) => {
      request.log.warn({ err: error }, 'The first page could not be rendered');
      return null;
    });
    if (!rendered) {
      // The SPA does it all itself, as on a static page: its stylesheets and code at once.
      yield EMPTY_ROOT + parserLinks(stylesheets, modules) + tail;
      return;
    }
    yield '<div id="root">';
    // The first page of a resource is kept whole, to learn its critical CSS from.
    const whole: string[] | null = criticalCss && !css ? [head, '<div id="root">'] : null;
    for await (const chunk of rendered.html) {
      whole?.push(String(chunk));
      yield chunk;
    }
    const end =
      '</div>' +
      `<script type="application/json" id="${FIRST_PAGE_STATE_ID}">${scriptJson(rendered.state)}</script>` +
      tail;
    yield end;
    if (whole) criticalCss!.learn(resource, whole.join('') + end);
  }
  return Readable.from(page());
}

/**
 * What index.html does before the app's code is here (issue "The generic runtime", Speed:
 * first rows). `vite.config.ts` (`earlyStart`) inlines `earlyStart` with its manifest into
 * the page's head, so the function must stand alone: no imports, no closure, browser APIs
 * only, nothing thrown.
 *
 * - Hints the modules the first page will ask for only once the entry has run
 *   (`<link rel="modulepreload">`, CSS as stylesheets): the catalogue of the language in the
 *   settings (`joule.settings`, default `cs`) always; with a stored session (`joule.auth`
 *   with a refresh token) also the signed-in shell, the list runtime and the icons.
 * - With a stored access token valid for longer than the renewal margin, sends the two
 *   GETs the app would send first, the session check (`/auth/me/`) and a list route's page
 *   of rows, while the server is still idle; the app's HTTP layer takes their answers instead of asking again
 *   when URL, token and language match (`src/api/early-responses.ts`).
 * - When the server is rendering the page (its head then has
 *   `<meta name="joule-first-page">`, server/http/first-page.ts), sends nothing: the server
 *   embeds those answers (src/app/first-page.ts); and hints the modules only after the
 *   first frame, so that they do not hold up the stylesheets the page is painted with.
 */

import type { EarlyRequestEntry } from '../api/early-responses';

/** The build's input to `earlyStart`. */
export interface EarlyStartManifest {
  /** Module and CSS URLs to hint: per language, and those of the signed-in app. */
  readonly modules: {
    readonly cs: readonly string[];
    readonly en: readonly string[];
    readonly signedIn: readonly string[];
  };
  /** The API base (`VITE_API_URL`, default `/api/v1`), without a trailing slash. */
  readonly api: string;
  /** The API list path of each list route: `customers` → `/customers/`. */
  readonly lists: Readonly<Record<string, string>>;
  /** A page of this many rows unless the URL says otherwise (API.md `page_size`). */
  readonly pageSize: number;
  /**
   * Seconds of validity an access token must have left to be sent early: the app's renewal
   * margin (`REFRESH_MARGIN_S`), so that the app surely sends the same token and takes the
   * answers rather than renewing first.
   */
  readonly refreshMarginS: number;
}

/** Runs in index.html's head; see the module's comment. Never throws. */
export function earlyStart(manifest: EarlyStartManifest): void {
  try {
    const stored = (key: string) =>
      JSON.parse(localStorage.getItem(key) || '{}') as Record<string, unknown>;
    const settings = stored('joule.settings');
    const auth = stored('joule.auth');
    const language = settings.language === 'en' ? 'en' : 'cs';

    // The server is rendering this page (server/http/first-page.ts): its answers come
    // embedded, and the code is not needed before the page is painted.
    const rendered = !!document.querySelector('meta[name="joule-first-page"]');
    const hint = (hrefs: readonly string[]) => {
      for (const href of hrefs) {
        const link = document.createElement('link');
        link.rel = /\.css$/.test(href) ? 'stylesheet' : 'modulepreload';
        link.href = href;
        document.head.appendChild(link);
      }
    };
    let hints = manifest.modules[language];
    if (auth.refresh) hints = hints.concat(manifest.modules.signedIn);
    const isCss = (href: string) => /\.css$/.test(href);
    if (rendered) {
      // Stylesheets now (the page needs them to be painted), modules after the first frame,
      // so that they do not hold up the stylesheets.
      hint(hints.filter(isCss));
      requestAnimationFrame(() => hint(hints.filter((href) => !isCss(href))));
    } else {
      hint(hints);
    }

    const access = typeof auth.access === 'string' ? auth.access : '';
    if (!access || auth.backend === 'none') return;
    const payload = access.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: number;
    };
    // Close to its expiry the app renews the token first: an early answer would be unused.
    const left = typeof claims.exp === 'number' ? claims.exp - Date.now() / 1000 : 0;
    if (!(left > manifest.refreshMarginS)) return;

    const authorization = `Bearer ${access}`;
    const early: EarlyRequestEntry[] = [];
    window.__jouleEarly = early;
    // Answers the app did not take (another page after all) are let go.
    setTimeout(() => {
      early.length = 0;
    }, 10_000);

    if (rendered) return; // the answers come embedded (src/app/first-page.ts)

    const send = (url: string) => {
      const response = fetch(url, {
        credentials: 'include',
        headers: {
          Accept: 'application/json',
          'Accept-Language': language,
          Authorization: authorization,
        },
      });
      response.catch(() => undefined); // the app asks again itself
      early.push({ url, authorization, language, response });
    };
    send(`${manifest.api}/auth/me/`);

    const list = manifest.lists[location.pathname.replace(/^\/+|\/+$/g, '')];
    if (list) {
      // The query the list screen makes of the same URL (`buildListQuery`): its defaults,
      // then the list parameters as the URL has them.
      const url = new URLSearchParams(location.search);
      const query = new URLSearchParams();
      query.set('page', url.get('page') || '1');
      query.set('page_size', url.get('page_size') || String(manifest.pageSize));
      for (const key of ['search', 'sort', 'filter', 'gte', 'lte']) {
        const value = url.get(key);
        if (value) query.set(key, value);
      }
      send(`${manifest.api}${list}?${query.toString()}`);
    }
  } catch {
    // Private mode without storage, a token that is not a JWT…: the app does it all itself.
  }
}

/**
 * What index.html does before the app's code is here. `vite.config.ts` (`earlyStart`)
 * inlines `earlyStart` with its manifest into the page's head, so the function must stand
 * alone: no imports, no closure, browser APIs only, nothing thrown.
 *
 * It hints the modules the first page will ask for only once the entry has run
 * (`<link rel="modulepreload">`, CSS as stylesheets): the catalogue of the language in the
 * settings (`joule.settings`, default `cs`) always; with a stored session (`joule.auth`
 * with a refresh token) also the signed-in shell, the list runtime and the icons. When the
 * server is rendering the page (its head then has `<meta name="joule-first-page">`,
 * server/http/first-page.ts), it hints the modules only after the first frame, so that
 * they do not hold up the stylesheets the page is painted with; and when the server inlined
 * the page's critical CSS, it preloads at once the stylesheets the server took out of the
 * head (listed in the marker's `data-stylesheets`), which the app applies once the rows are
 * painted (src/boot/start.tsx): they hold up neither the first paint nor the entry
 * module, as the parser's links would. On a static page (no marker) it applies the entry's
 * stylesheets, which index.html only preloads, for the same reason; and with a stored access
 * token valid beyond the app's renewal margin it sends the two GETs the app sends first, the
 * session check (`/auth/me/`) and a list route's page of rows (the query the list makes of
 * the URL), while the entry still loads: the app's HTTP layer takes their answers
 * (src/boot/early-responses.ts) instead of asking again.
 */

/** One GET index.html sent (`window.__jouleEarly`), as src/boot/early-responses.ts takes it. */
export interface EarlyRequest {
  readonly url: string;
  readonly authorization: string;
  readonly language: string;
  readonly response: Promise<Response>;
}

declare global {
  interface Window {
    /** The early GETs the app has not taken yet (`earlyStart`). */
    __jouleEarly?: EarlyRequest[];
  }
}

/** The build's input to `earlyStart`. */
export interface EarlyStartManifest {
  /**
   * The entry's stylesheets. index.html only preloads them (`<link rel="preload"
   * as="style">`, vite.config.ts `inlineEarlyStart`): on a static page the early start
   * applies them at once, from a script, so that they hold up neither the first paint nor
   * the entry module (the app renders once they have loaded, src/boot/start.tsx); a
   * server-rendered page's server decides (server/http/critical-css.ts).
   * @default none
   */
  readonly stylesheets?: readonly string[];
  /** Module and CSS URLs to hint: per language, and those of the signed-in app. */
  readonly modules: {
    readonly cs: readonly string[];
    readonly en: readonly string[];
    readonly signedIn: readonly string[];
    /**
     * Per language, the catalogues of the generated labels and of the overrides' messages,
     * hinted with the signed-in app's modules (the login page does without them,
     * src/i18n/catalogues.ts).
     * @default none
     */
    readonly labels?: { readonly cs: readonly string[]; readonly en: readonly string[] };
  };
  /**
   * What the early GETs need: the API base (`VITE_API_URL`, default `/api/v1`, no trailing
   * slash), each list route's API path (`customers` → `/customers/`), the list's page size
   * unless the URL says otherwise, and the seconds an access token must have left
   * (`REFRESH_MARGIN_S`: the app then surely sends the same token). None: no early GETs.
   * @default none
   */
  readonly fetch?: {
    readonly api: string;
    readonly lists: Readonly<Record<string, string>>;
    readonly pageSize: number;
    readonly refreshMarginS: number;
  };
}

/** Runs in index.html's head; see the module's comment. Never throws. */
export function earlyStart(manifest: EarlyStartManifest): void {
  // The server is rendering this page (server/http/first-page.ts).
  const marker = document.querySelector('meta[name="joule-first-page"]');
  const addStylesheet = (href: string) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  };
  if (!marker) (manifest.stylesheets || []).forEach(addStylesheet);
  for (const href of (marker?.getAttribute('data-stylesheets') || '').split(' ')) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'style';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  try {
    const stored = (key: string) =>
      JSON.parse(localStorage.getItem(key) || '{}') as Record<string, unknown>;
    const settings = stored('joule.settings');
    const auth = stored('joule.auth');
    const language = settings.language === 'en' ? 'en' : 'cs';

    const rendered = !!marker;
    const hint = (hrefs: readonly string[]) => {
      for (const href of hrefs) {
        const link = document.createElement('link');
        link.rel = /\.css$/.test(href) ? 'stylesheet' : 'modulepreload';
        link.href = href;
        document.head.appendChild(link);
      }
    };
    let hints = manifest.modules[language];
    if (auth.refresh) {
      hints = hints.concat(manifest.modules.signedIn, manifest.modules.labels?.[language] ?? []);
    }
    const isCss = (href: string) => /\.css$/.test(href);
    if (rendered) {
      // Stylesheets now (the page needs them to be painted), modules after the first frame,
      // so that they do not hold up the stylesheets.
      hint(hints.filter(isCss));
      requestAnimationFrame(() => hint(hints.filter((href) => !isCss(href))));
    } else {
      hint(hints);
      const early = manifest.fetch;
      const access = typeof auth.access === 'string' ? auth.access : '';
      const payload = access.split('.')[1];
      if (!early || !payload || auth.backend === 'none') return;
      const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
        exp?: number;
      };
      if (!((exp || 0) - Date.now() / 1000 > early.refreshMarginS)) return;
      const sent: EarlyRequest[] = (window.__jouleEarly = []);
      // Answers the app did not take (another page after all) are let go.
      setTimeout(() => (sent.length = 0), 10_000);
      const send = (url: string) => {
        const authorization = `Bearer ${access}`;
        const response = fetch(url, {
          credentials: 'include',
          headers: {
            Accept: 'application/json',
            'Accept-Language': language,
            Authorization: authorization,
          },
        });
        response.catch(() => undefined); // the app asks again itself
        sent.push({ url, authorization, language, response });
      };
      send(`${early.api}/auth/me/`);
      const list = early.lists[location.pathname.split('/')[1] || ''];
      if (!list) return;
      // The query the list screen makes of the URL (`buildListQuery`): defaults, then the
      // list parameters as the URL has them.
      const url = new URLSearchParams(location.search);
      const query = new URLSearchParams({
        page: url.get('page') || '1',
        page_size: url.get('page_size') || String(early.pageSize),
      });
      for (const key of ['search', 'sort', 'filter', 'gte', 'lte']) {
        const value = url.get(key);
        if (value) query.set(key, value);
      }
      send(`${early.api}${list}?${query}`);
    }
  } catch {
    // Private mode without storage…: the app loads it all itself.
  }
}

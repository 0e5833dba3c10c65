/**
 * What index.html does before the app's code is here. `vite.config.ts` (`earlyStart`)
 * inlines `earlyStart` with its manifest into the page's head, so the function must stand
 * alone: no imports, no closure, browser APIs only, nothing thrown.
 *
 * It hints the modules the first page will ask for only once the entry has run
 * (`<link rel="modulepreload">`, CSS as stylesheets): the catalogue of the language in the
 * settings (`joule.settings`, default `cs`) always; with a stored session (`joule.auth`
 * with a refresh token) also the signed-in shell, the list runtime and the icons.
 *
 * When the server is rendering the page (its head then has `<meta name="joule-first-page">`,
 * server/http/first-page.ts), the page is painted before anything else is fetched or run:
 * the server took the entry modules out of the head (listed in the marker's `data-modules`)
 * and, when it inlined the page's critical CSS, the stylesheets too (`data-stylesheets`).
 * Once the browser reports the first contentful paint, the early start preloads those
 * stylesheets (the app applies them before it hydrates, src/boot/after-rows.ts), hints the
 * modules and adds the entry. Meanwhile it records what is clicked (`window.__jouleClicks`)
 * and typed, chosen or ticked in the page's fields (`window.__jouleFields`), which the app
 * replays once it has hydrated the page (src/boot/early-input.ts).
 *
 * On a static page (no marker) it applies the entry's stylesheets, which index.html only
 * preloads, so that they hold up neither the first paint nor the entry module (the app
 * renders once they have loaded, src/boot/start.tsx); and with a stored access token valid
 * beyond the app's renewal margin it sends the GETs the app sends first, the session check
 * (`/auth/me/`) and on a list route its page of rows (the query the list makes of the URL)
 * and the user's columns (`/auth/me/preferences/`), while the entry still loads: the app's
 * HTTP layer takes their answers (src/boot/early-responses.ts) instead of asking again.
 */

/** One GET index.html sent (`window.__jouleEarly`), as src/boot/early-responses.ts takes it. */
export interface EarlyRequest {
  readonly url: string;
  readonly authorization: string;
  readonly language: string;
  readonly response: Promise<Response>;
}

/**
 * A field of a server-rendered page and the value it was given before the app hydrated it:
 * its text or option, or whether a checkbox is ticked.
 */
export type EarlyField = readonly [
  HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  string | boolean,
];

declare global {
  interface Window {
    /** The early GETs the app has not taken yet (`earlyStart`). */
    __jouleEarly?: EarlyRequest[];
    /**
     * What was clicked on a server-rendered page before the app hydrated it (`earlyStart`;
     * src/boot/early-input.ts replays the last); recording stops once it is taken.
     */
    __jouleClicks?: Element[];
    /**
     * Each value given to a field (text, select, checkbox) of a server-rendered page before
     * the app hydrated it, in order (`earlyStart`; src/boot/early-input.ts replays the last
     * of each).
     */
    __jouleFields?: EarlyField[];
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
    /**
     * Per resource and language, its labels (`locales/generated/<resource>/<lang>.json`),
     * hinted with the signed-in app's modules on the resource's pages (`/<resource>…`), which
     * load them before they render (src/i18n/catalogues.ts `wantResourceLabels`).
     * @default none
     */
    readonly resources?: Readonly<
      Record<string, { readonly cs: readonly string[]; readonly en: readonly string[] }>
    >;
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
    /**
     * Whether the back-end keeps the user's list preferences (`apiFeatures.userPreferences`):
     * a list route's page then also asks for them (`/auth/me/preferences/`, the columns the
     * list is first rendered with).
     * @default false
     */
    readonly preferences?: boolean;
  };
}

/**
 * On a page the server renders, the longest the early start waits after the HTML is parsed
 * for the rows' first contentful paint before it loads the app anyway (a hidden tab paints
 * none). `earlyStart` holds it as a literal: it must stand alone.
 */
export const AFTER_PARSE_MS = 400;

/** Runs in index.html's head; see the module's comment. Never throws. */
export function earlyStart(manifest: EarlyStartManifest): void {
  // The server is rendering this page (server/http/first-page.ts).
  const marker = document.querySelector('meta[name="joule-first-page"]');
  const listed = (name: string) => (marker?.getAttribute(name) || '').split(' ').filter(Boolean);
  const add = (rel: string, href: string, as?: string) => {
    const link = document.createElement('link');
    link.rel = rel;
    if (as) link.as = as;
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  };
  const hint = (hrefs: readonly string[]) => {
    for (const href of hrefs) {
      const link = document.createElement('link');
      link.rel = /\.css$/.test(href) ? 'stylesheet' : 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    }
  };
  let auth: Record<string, unknown> = {};
  let language: 'cs' | 'en' = 'cs';
  try {
    const stored = (key: string) =>
      JSON.parse(localStorage.getItem(key) || '{}') as Record<string, unknown>;
    auth = stored('joule.auth');
    if (stored('joule.settings').language === 'en') language = 'en';
  } catch {
    // Private mode without storage…: the defaults, and the app loads the rest itself.
  }
  let hints = manifest.modules[language];
  if (auth.refresh) {
    const resource = manifest.modules.resources?.[location.pathname.split('/')[1] || ''];
    hints = hints.concat(
      manifest.modules.signedIn,
      manifest.modules.labels?.[language] ?? [],
      resource?.[language] ?? [],
    );
  }
  if (marker) {
    // Clicks on the page before it is hydrated, for the app to replay: not those the browser
    // acts on itself (a link, a form control).
    const clicks: Element[] = (window.__jouleClicks = []);
    document.addEventListener(
      'click',
      (event) => {
        const target = event.target;
        if (window.__jouleClicks !== clicks || !(target instanceof Element)) return;
        if (!target.closest('a[href], input, select, textarea, label, summary'))
          clicks.push(target);
      },
      true,
    );
    // What is typed, chosen or ticked in a field: the browser shows it, but the app, once
    // hydrated, renders its own state over it (radio buttons and files are left alone).
    const fields: EarlyField[] = (window.__jouleFields = []);
    document.addEventListener(
      'input',
      (event) => {
        const target = event.target;
        if (window.__jouleFields !== fields) return;
        if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
          fields.push([target, target.value]);
        else if (target instanceof HTMLInputElement && !/^(radio|file)$/.test(target.type))
          fields.push([target, target.type === 'checkbox' ? target.checked : target.value]);
      },
      true,
    );
    // Once the rows are painted (the first contentful paint, which the browser reports once
    // the frame is on screen; a hidden tab paints none: AFTER_PARSE_MS after the HTML is
    // parsed), the stylesheets and the entry modules the server took out of the head, and
    // the hints: nothing is fetched or run that competes with the first frame.
    let done = false;
    const afterRows = () => {
      if (done) return;
      done = true;
      // A page the server could not render after all links them itself.
      const linked = (selector: string) => !!document.querySelector(selector);
      listed('data-stylesheets')
        .filter((href) => !linked(`link[href="${href}"]`))
        .forEach((href) => add('preload', href, 'style'));
      hint(hints);
      for (const src of listed('data-modules')) {
        if (linked(`script[src="${src}"]`)) continue;
        const script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = '';
        script.src = src;
        document.head.appendChild(script);
      }
    };
    try {
      new PerformanceObserver((entries) => {
        if (entries.getEntriesByName('first-contentful-paint').length) afterRows();
      }).observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing: the fallback below.
    }
    const parsed = () => setTimeout(afterRows, 400); // AFTER_PARSE_MS
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', parsed);
    else parsed();
    return;
  }
  (manifest.stylesheets || []).forEach((href) => add('stylesheet', href));
  hint(hints);
  try {
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
    if (early.preferences) send(`${early.api}/auth/me/preferences/`);
  } catch {
    // A token that is no JWT…: the app sends the GETs itself.
  }
}

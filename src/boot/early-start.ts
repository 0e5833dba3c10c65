/**
 * What index.html does before the app's code is here (docs/speed.md "The start-up code");
 * `build/early-start.ts` inlines `earlyStart` with its manifest into the head, so it stands
 * alone: no imports, no closure, browser APIs only, nothing thrown. It hints the first page's
 * modules (the language's catalogue; with a stored session the signed-in app's). On a page
 * the server renders (`<meta name="joule-first-page">`) it runs nothing before the rows'
 * paint, then adds the stylesheets and entry modules the server took out of the head, and
 * records clicks and field values for src/boot/early-input.ts. On a static page it applies
 * the stylesheets index.html only preloads and, with an access token valid beyond the
 * renewal margin, sends the app's first GETs for src/boot/early-responses.ts. On both it
 * makes the language's number and date formats once the main thread is idle.
 */

/** One GET index.html sent (`window.__jouleEarly`), as src/boot/early-responses.ts takes it. */
export interface EarlyRequest {
  readonly url: string;
  readonly authorization: string;
  readonly language: string;
  readonly response: Promise<Response>;
}

/** A field of a server-rendered page and its value before hydration (text, option, ticked). */
export type EarlyField = readonly [
  HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  string | boolean,
];

declare global {
  interface Window {
    /** The early GETs the app has not taken yet. */
    __jouleEarly?: EarlyRequest[];
    /** Clicks on a server-rendered page before it was hydrated (the last is replayed). */
    __jouleClicks?: Element[];
    /** Values given to its fields before it was hydrated, in order (each field's last is replayed). */
    __jouleFields?: EarlyField[];
  }
}

/** URLs per language. */
type PerLanguage = Readonly<Record<'cs' | 'en', readonly string[]>>;

/** The build's input to `earlyStart` (build/early-start.ts). */
export interface EarlyStartManifest {
  /** The entry's stylesheets, which index.html only preloads. @default none */
  readonly stylesheets?: readonly string[];
  /** Module and CSS URLs to hint: per language (its catalogue), and the signed-in app's. */
  readonly modules: PerLanguage & {
    readonly signedIn: readonly string[];
    /** Per language, the signed-in app's catalogues (src/i18n/catalogues.ts). @default none */
    readonly labels?: PerLanguage;
    /** Per resource and language, its labels and its override's messages, hinted on its pages. */
    readonly resources?: Readonly<Record<string, PerLanguage>>;
  };
  /**
   * The early GETs' API base, list routes' API paths (`customers` → `/customers/`), page size,
   * seconds a token must have left (`REFRESH_MARGIN_S`), and whether the back-end keeps the
   * user's columns (`/auth/me/preferences/`). @default none: no early GETs
   */
  readonly fetch?: {
    readonly api: string;
    readonly lists: Readonly<Record<string, string>>;
    readonly pageSize: number;
    readonly refreshMarginS: number;
    readonly preferences?: boolean;
  };
}

/** On a rendered page, the longest wait after parsing for the first paint (a literal below). */
export const AFTER_PARSE_MS = 400;

/** Runs in index.html's head; see the module's comment. Never throws. */
export function earlyStart(manifest: EarlyStartManifest): void {
  // The server is rendering this page (server/http/first-page.ts).
  const marker = document.querySelector('meta[name="joule-first-page"]');
  const listed = (name: string) => (marker?.getAttribute(name) || '').split(' ').filter(Boolean);
  const add = (tag: 'link' | 'script', attributes: Record<string, string>) => {
    const element = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    document.head.appendChild(element);
  };
  const hint = (hrefs: readonly string[]) =>
    hrefs.forEach((href) =>
      add('link', { rel: /\.css$/.test(href) ? 'stylesheet' : 'modulepreload', href }),
    );
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
  // The first format made loads ICU's data for the language (~50 ms), which would otherwise
  // fall into the app's first render or hydration.
  const warmFormats = () =>
    (window.requestIdleCallback || setTimeout)(() => {
      new Intl.NumberFormat(language).format(0);
      new Intl.DateTimeFormat(language).format(0);
    });
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
    // Clicks to replay, not those the browser acts on itself (a link, a form control); fields'
    // values, which the app would render its own state over (not radios, files).
    const clicks: Element[] = (window.__jouleClicks = []);
    const fields: EarlyField[] = (window.__jouleFields = []);
    const on = (type: string, record: (target: EventTarget | null) => void) =>
      document.addEventListener(type, (event) => record(event.target), true);
    on('click', (target) => {
      if (window.__jouleClicks !== clicks || !(target instanceof Element)) return;
      if (!target.closest('a[href], input, select, textarea, label, summary')) clicks.push(target);
    });
    on('input', (target) => {
      if (window.__jouleFields !== fields) return;
      if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
        fields.push([target, target.value]);
      else if (target instanceof HTMLInputElement && !/^(radio|file)$/.test(target.type))
        fields.push([target, target.type === 'checkbox' ? target.checked : target.value]);
    });
    // Once the rows are on screen (the first paint, else AFTER_PARSE_MS after parsing).
    let done = false;
    const afterRows = () => {
      if (done) return;
      done = true;
      // A page the server could not render after all links them itself.
      const linked = (selector: string) => !!document.querySelector(selector);
      // The entry first: hydration waits for it, and the browser fetches in this order.
      listed('data-modules')
        .filter((src) => !linked(`script[src="${src}"]`))
        .forEach((src) => add('script', { type: 'module', crossorigin: '', src }));
      listed('data-stylesheets')
        .filter((href) => !linked(`link[href="${href}"]`))
        .forEach((href) => add('link', { rel: 'preload', as: 'style', crossorigin: '', href }));
      hint(hints);
      warmFormats();
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
  (manifest.stylesheets || []).forEach((href) =>
    add('link', { rel: 'stylesheet', crossorigin: '', href }),
  );
  hint(hints);
  warmFormats();
  try {
    const early = manifest.fetch;
    const access = typeof auth.access === 'string' ? auth.access : '';
    const payload = access.split('.')[1];
    if (!early || !payload || auth.backend === 'none') return;
    const claims = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { exp = 0 } = JSON.parse(claims) as { exp?: number };
    if (!(exp - Date.now() / 1000 > early.refreshMarginS)) return;
    const sent: EarlyRequest[] = (window.__jouleEarly = []);
    // Answers the app did not take (another page after all) are let go.
    setTimeout(() => (sent.length = 0), 10_000);
    const authorization = `Bearer ${access}`;
    const headers = {
      Accept: 'application/json',
      'Accept-Language': language,
      Authorization: authorization,
    };
    const send = (url: string) => {
      const response = fetch(url, { credentials: 'include', headers });
      response.catch(() => undefined); // the app asks again itself
      sent.push({ url, authorization, language, response });
    };
    send(`${early.api}/auth/me/`);
    const list = early.lists[location.pathname.split('/')[1] || ''];
    if (!list) return;
    // The query the list screen makes of the URL (`buildListQuery`): defaults, then the URL's.
    const url = new URLSearchParams(location.search);
    const query = new URLSearchParams({
      page: url.get('page') || '1',
      page_size: url.get('page_size') || String(early.pageSize),
    });
    for (const key of ['search', 'sort', 'filter', 'gte', 'lte'])
      if (url.get(key)) query.set(key, url.get(key)!);
    send(`${early.api}${list}?${query}`);
    if (early.preferences) send(`${early.api}/auth/me/preferences/`);
  } catch {
    // A token that is no JWT…: the app sends the GETs itself.
  }
}

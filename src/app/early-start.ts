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
 * painted (src/app/bootstrap.tsx): they hold up neither the first paint nor the entry
 * module, as the parser's links would. On a static page (no marker) it applies the entry's
 * stylesheets, which index.html only preloads, for the same reason. The first rows of a static
 * page are fetched by the list route's loader (src/app/routes.tsx), with the list
 * runtime's own query.
 */

/** The build's input to `earlyStart`. */
export interface EarlyStartManifest {
  /**
   * The entry's stylesheets. index.html only preloads them (`<link rel="preload"
   * as="style">`, vite.config.ts `inlineEarlyStart`): on a static page the early start
   * applies them at once, from a script, so that they hold up neither the first paint nor
   * the entry module (the app renders once they have loaded, src/app/bootstrap.tsx); a
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
    }
  } catch {
    // Private mode without storage…: the app loads it all itself.
  }
}

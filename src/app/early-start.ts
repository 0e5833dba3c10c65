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
 * they do not hold up the stylesheets the page is painted with. The first rows of a static
 * page are fetched by the list route's loader (src/app/routes.tsx), with the list
 * runtime's own query.
 */

/** The build's input to `earlyStart`. */
export interface EarlyStartManifest {
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
  try {
    const stored = (key: string) =>
      JSON.parse(localStorage.getItem(key) || '{}') as Record<string, unknown>;
    const settings = stored('joule.settings');
    const auth = stored('joule.auth');
    const language = settings.language === 'en' ? 'en' : 'cs';

    // The server is rendering this page (server/http/first-page.ts).
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

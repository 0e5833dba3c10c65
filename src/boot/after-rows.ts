/** What a page loads once its rows are painted: the stylesheets a critical-CSS page preloaded. */

/** The longest the page waits for a frame before going on. */
const FRAME_WAIT_MS = 100;
/** The longest the page waits for its stylesheets before hydrating anyway. */
const STYLESHEETS_WAIT_MS = 3000;

/** Resolves after the next frame has been painted (or {@link FRAME_WAIT_MS}: a hidden tab paints none). */
function nextPaint(): Promise<void> {
  return new Promise((done) => {
    setTimeout(done, FRAME_WAIT_MS);
    requestAnimationFrame(() => setTimeout(done, 0));
  });
}

/**
 * Applies the stylesheets the early start preloaded for a page with its critical CSS inline
 * (server/http/critical-css.ts) once its rows are painted, and resolves once every stylesheet
 * of the head has loaded or failed (at most {@link STYLESHEETS_WAIT_MS}): the page is hydrated
 * only then, so that what the user opens next (a dialog, a popover) is styled.
 */
export async function applyPreloadedStylesheets(doc: Document = document): Promise<unknown> {
  const links = (rel: string) => [
    ...doc.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`),
  ];
  const applied = () => new Set(links('stylesheet').map((link) => link.href));
  // A static page's early start applied them already (src/boot/early-start.ts).
  const missing = links('preload').filter(
    (link) => link.as === 'style' && !applied().has(link.href),
  );
  if (missing.length) await nextPaint();
  const now = applied();
  for (const preload of missing.filter((link) => !now.has(link.href))) {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    // The attribute as the server wrote it (`/assets/…`), not the resolved URL: Vite's
    // loader of a lazy chunk's stylesheets looks for `link[href="/assets/…"]` and would
    // otherwise apply the same sheet again (a second parse and a restyle of the page).
    link.setAttribute('href', preload.getAttribute('href') ?? preload.href);
    doc.head.appendChild(link);
  }
  const loaded = (link: HTMLLinkElement) =>
    new Promise((done) => {
      link.addEventListener('load', done, { once: true });
      link.addEventListener('error', done, { once: true });
    });
  const pending = links('stylesheet').filter((link) => !link.sheet);
  if (pending.length === 0) return;
  const late = new Promise((done) => setTimeout(done, STYLESHEETS_WAIT_MS));
  return Promise.race([Promise.all(pending.map(loaded)), late]);
}

/**
 * Takes over a page the server rendered (server/http/first-page.ts; README "Speed"). The
 * server's markup of shell and list stays on screen, inert and hidden from assistive
 * technology, while the app renders its own page into the hidden root element; once the
 * app has rendered its first route (`Root`), the one replaces the other in the same frame.
 * The app starts from the answers the server rendered, embedded in the page
 * ({@link takeEmbeddedAnswers}), so the swap shows the same rows and nothing is fetched
 * twice.
 */
import type { EarlyRequestEntry } from '../api/early-responses';

/** The id of the element holding the embedded answers (server/http/first-page.ts). */
export const ANSWERS_ELEMENT_ID = 'joule-first-page';

/**
 * The `name` of the head's `<meta>` by which the server says it is rendering the page
 * (server/http/first-page.ts); `earlyStart`, which must stand alone, spells it out.
 */
export const RENDERING_META_NAME = 'joule-first-page';

/** The cookie telling the server the language to render a page in (`cs` or `en`). */
export const LANGUAGE_COOKIE = 'joule_language';

/**
 * Offers the answers the server embedded in the page (`{"answers": [{url, body}]}` in
 * `#joule-first-page`) to the HTTP layer as early answers (src/api/early-responses.ts),
 * for the requests the app makes with `authorization` and `language`: those the server
 * rendered with. A page without them, or with unreadable ones, offers nothing.
 */
export function takeEmbeddedAnswers(authorization: string, language: string): void {
  const element = document.getElementById(ANSWERS_ELEMENT_ID);
  if (!element) return;
  element.remove();
  let answers: unknown;
  try {
    answers = (JSON.parse(element.textContent || '{}') as { answers?: unknown }).answers;
  } catch {
    return;
  }
  if (!Array.isArray(answers)) return;
  const early: EarlyRequestEntry[] = (window.__jouleEarly ??= []);
  for (const answer of answers as { url?: unknown; body?: unknown }[]) {
    if (typeof answer.url !== 'string') continue;
    const response = Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    early.push({ url: answer.url, authorization, language, response });
  }
}

/** The class of the stand-in holding the server's markup. */
export const FIRST_PAGE_VIEW_CLASS = 'joule-first-page-view';

/** The server's markup is shown no longer than this, whatever happens to the app. */
export const FIRST_PAGE_MAX_MS = 10_000;

let adopted: { readonly root: HTMLElement; readonly view: HTMLElement } | null = null;

/**
 * Moves the server's markup (the children of `root`, which the server marked
 * `data-first-page`) into an inert stand-in in front of `root`, and hides `root` until
 * {@link releaseFirstPage}. Does nothing for the static page. True when there was a page
 * to adopt.
 */
export function adoptFirstPage(root: HTMLElement): boolean {
  if (!root.hasAttribute('data-first-page')) return false;
  root.removeAttribute('data-first-page');
  const view = document.createElement('div');
  view.className = FIRST_PAGE_VIEW_CLASS;
  view.inert = true;
  view.setAttribute('aria-hidden', 'true');
  view.append(...root.childNodes);
  root.before(view);
  root.hidden = true;
  adopted = { root, view };
  setTimeout(releaseFirstPage, FIRST_PAGE_MAX_MS);
  return true;
}

/**
 * Calls `callback` once the browser has painted the next frame (a frame waits for the
 * page's stylesheets): the app, started then, leaves the main thread to the server's page
 * until it is on screen.
 */
export function afterNextPaint(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback, 0));
}

/** Shows the app's page in place of the server's; any later call does nothing. */
export function releaseFirstPage(): void {
  if (!adopted) return;
  adopted.view.remove();
  adopted.root.hidden = false;
  adopted = null;
}

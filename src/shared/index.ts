/**
 * What the reference server and the SPA agree on, and the one module of `src/` that
 * `server/` may import (eslint.config.js; docs/architecture.md "The layers"): cookie names,
 * element ids and the shape of the state a server-rendered page embeds. Plain constants and
 * types, nothing that runs.
 */

/** The cookie mirroring the session's access token (src/auth/session-cookie.ts). */
export const ACCESS_COOKIE = 'joule_access';

/** The cookie telling the server the language to render a page in (`cs` or `en`). */
export const LANGUAGE_COOKIE = 'joule_language';

/**
 * The `name` of the head's `<meta>` by which the server says it is rendering the page
 * (server/http/first-page.ts); the inline early start then sends nothing.
 */
export const RENDERING_META_NAME = 'joule-first-page';

/**
 * The attribute of that `<meta>` listing, space-separated, the stylesheets the server took
 * out of the head because the page carries its critical CSS inline
 * (server/http/critical-css.ts): the inline early start (src/boot/early-start.ts) adds them,
 * so that they load without holding up the first paint or the app's code.
 */
export const AFTER_ROWS_STYLESHEETS_ATTRIBUTE = 'data-stylesheets';

/**
 * The attribute of that `<meta>` listing, space-separated, the app's entry modules the server
 * took out of the head (server/http/first-page.ts): the inline early start adds them once the
 * rows are painted, so that neither their download nor their evaluation holds up the page's
 * first frame (docs/speed.md "The start-up code").
 */
export const AFTER_ROWS_MODULES_ATTRIBUTE = 'data-modules';

/** The id of the `<script type="application/json">` holding {@link FirstPageState}. */
export const FIRST_PAGE_STATE_ID = 'joule-first-page';

/** The id of the element the app renders into. */
export const ROOT_ELEMENT_ID = 'root';

/**
 * What a server-rendered page embeds for the app to hydrate it with: the user the page was
 * rendered for (`GET /auth/me/`), its language, and the TanStack Query cache it was
 * rendered from (`dehydrate`).
 */
export interface FirstPageState {
  readonly user: unknown;
  readonly language: 'cs' | 'en';
  readonly dehydratedState: unknown;
}

/** The API request the list route of a URL makes first (src/ssr/first-page.tsx). */
export interface FirstListRequest {
  /** The resource, e.g. `customers`. */
  readonly resource: string;
  /** Its list path under the API base, e.g. `/customers/`. */
  readonly path: string;
  /** The query string the SPA sends, e.g. `page=1&page_size=25&sort=customer_no`. */
  readonly query: string;
  /** `document.title` of the page (docs/product.md §2 titles), e.g. `Zákazníci // Joule`. */
  readonly title: string;
}

/** What a first page is rendered from. */
export interface FirstPageInput {
  /** Path and query of the page, e.g. `/customers?sort=customer_no`. */
  readonly url: string;
  /** The language of the user's settings (cookie `joule_language`), `cs` by default. */
  readonly language: 'cs' | 'en';
  /** `GET /auth/me/` of the session's user. */
  readonly user: unknown;
  /** The API's answer to the {@link FirstListRequest} (docs/api.md "Lists"), as the user's. */
  readonly list: unknown;
  /**
   * `GET /auth/me/preferences/` of the user (the list columns they chose); undefined when
   * it did not answer, and the app asks itself.
   */
  readonly preferences?: unknown;
}

/** A rendered first page. */
export interface RenderedFirstPage {
  /** The root element's content as React streams it (`renderToPipeableStream`). */
  readonly html: AsyncIterable<string | Uint8Array>;
  /** What to embed for the app to hydrate the page with. */
  readonly state: FirstPageState;
}

/** What the server-side rendering build (`dist-server/first-page.js`) exports. */
export interface FirstPageRenderer {
  firstListRequest(url: string, language: 'cs' | 'en'): Promise<FirstListRequest | null>;
  /** The page, once its shell is ready to stream; null when `url` is no list route. */
  renderFirstPage(input: FirstPageInput): Promise<RenderedFirstPage | null>;
}

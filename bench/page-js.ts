/**
 * The JS a page loads before it is of use, as the network carried it (compressed: the server
 * sends the build's precompressed `.br` files, `.gz` to a browser without Brotli), measured in
 * Chromium the same way by `npm run bench:ui` and by tests/e2e/size.spec.ts against
 * `bench/budgets.json` (docs/speed.md): what the code asks for, whatever the machine's speed.
 */
import { readFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';

/** The budgets of `bench/budgets.json`. */
export interface Budgets {
  /** Figure → the most it may be, as a multiple of the bare reference page in the same run. */
  readonly ratios: Readonly<Record<string, number>>;
  /** The JS targets of the first pages (compressed KiB; files before a static page's rows). */
  readonly js: JsBudgets;
  /**
   * What `npm test` allows the build until the targets are met (tests/e2e/size.spec.ts):
   * the bundle may not grow; lowered as it shrinks, never raised.
   */
  readonly jsCeilings: JsBudgets;
  /** Figure → its most in its unit (`ms`, `MiB`). */
  readonly absolute: Readonly<Record<string, { readonly max: number; readonly unit: string }>>;
}

/** JS budgets of the first pages: compressed KiB, and files before a static page's rows. */
export interface JsBudgets {
  readonly staticBeforeRows: { readonly maxKiB: number; readonly maxFiles: number };
  readonly listJs: { readonly maxKiB: number };
  readonly loginJs: { readonly maxKiB: number };
}

/** `bench/budgets.json`. */
export function readBudgets(): Budgets {
  return JSON.parse(readFileSync(new URL('./budgets.json', import.meta.url), 'utf8')) as Budgets;
}

/** JS loaded: compressed bytes as sent and the files' paths. */
export interface PageJs {
  readonly bytes: number;
  readonly files: readonly string[];
}

/** The performance mark of a list page starting to load its dialog's code (src/resources/lazy-dialog.ts). */
export const DIALOG_PRELOAD_MARK = 'joule.dialog-preload';

/** The performance mark a list page's 25th row sets (see {@link markRows}). */
const ROWS_MARK = 'joule.bench.rows25';

/**
 * Marks, in every page of the context of `page`, when 25 list rows are first in the
 * document ({@link pageJs} `before: 'rows'`). Call before navigating.
 */
export async function markRows(page: Page): Promise<void> {
  await page.addInitScript((name) => {
    new MutationObserver((_, observer) => {
      if (document.querySelectorAll('table tbody tr[data-index]').length < 25) return;
      observer.disconnect();
      performance.mark(name);
    }).observe(document, { childList: true, subtree: true });
  }, ROWS_MARK);
}

/**
 * The JS that `page` asks for on its way to `url` until `ready()` has resolved and 300 ms
 * after, without what it asks for on purpose once it is shown: from the dialog's preload
 * ({@link DIALOG_PRELOAD_MARK}) on, and with `before: 'rows'` from the 25th row on
 * ({@link markRows}: the JS a static page needs before its rows).
 */
export async function pageJs(
  page: Page,
  url: string,
  ready: () => Promise<unknown>,
  { before = 'dialog' }: { before?: 'dialog' | 'rows' } = {},
): Promise<PageJs> {
  const sent: { request: Request; at: number }[] = [];
  let counting = true;
  const listener = (request: Request) => {
    const type = request.resourceType();
    if (counting && (type === 'script' || new URL(request.url()).pathname.endsWith('.js')))
      sent.push({ request, at: Date.now() });
  };
  page.on('request', listener);
  await page.goto(url);
  await ready();
  await page.waitForTimeout(300);
  counting = false;
  page.off('request', listener);
  const cutOff = await page.evaluate(
    (names) =>
      Math.min(
        ...names.map(
          (name) =>
            performance.timeOrigin + (performance.getEntriesByName(name)[0]?.startTime ?? 1e15),
        ),
      ),
    before === 'rows' ? [DIALOG_PRELOAD_MARK, ROWS_MARK] : [DIALOG_PRELOAD_MARK],
  );
  const counted = await Promise.all(
    sent.map(async ({ request, at }) => {
      const start = request.timing().startTime;
      if ((start > 0 ? start : at) >= cutOff) return null;
      const response = await request.response();
      const size = response ? (await request.sizes()).responseBodySize : 0;
      return { path: new URL(request.url()).pathname, size };
    }),
  );
  const files = counted.filter((file) => file !== null);
  return {
    bytes: files.reduce((sum, file) => sum + file.size, 0),
    files: files.map((file) => `${file.path} ${file.size}`),
  };
}

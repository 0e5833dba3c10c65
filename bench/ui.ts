/**
 * `npm run bench:ui` (issue "The generic runtime", Speed and memory): builds the SPA, starts
 * the server on the large seed, drives Chromium with Playwright (a fresh context per run,
 * the median of the runs) and prints each figure beside its target:
 *
 * - initial JS on the login page and on a list page: compressed bytes of the JS
 *   responses, as the network carried them (the build's precompressed `.br` files);
 * - navigation → the first 25 customer rows in the document (the server sends a signed-in
 *   user's list page with its rows rendered, server/http/first-page.ts) and painted: on
 *   screen, as the browser reports it (Element Timing's `renderTime` of the 25th row's
 *   text, which a `MutationObserver` marks with `elementtiming` as the row arrives; a frame
 *   the main thread has produced can reach the screen hundreds of milliseconds later), on
 *   that server-rendered path and on the static one (a stored session without the cookie,
 *   as against another DRF back-end); without a target, the first contentful paint;
 * - time to interactive: navigation → a click on the first row has opened its dialog;
 * - "All" (9,999 rows): from the API's answer to the rows rendered, and the JS heap after
 *   it (CDP `Runtime.getHeapUsage` after a garbage collection);
 * - a header sort click → the re-sorted rows rendered;
 * - the tariff device dialog's consumption chart drawing a year of daily buckets (docs/product.md),
 *   from the consumption answer to the end of uPlot's draw.
 *
 * Sorting and "All" are the server's work: their figures are given twice, from the API's
 * answer to the rows rendered (the target) and from the click (with the fetch).
 *
 * For scale, one reference figure without a target: the same navigation to a bare page
 * that only reads the stored token, fetches the same 25 rows and writes them as plain DOM
 * (no framework, no stylesheet): what the HTML, the API and the browser cost on this
 * machine before any of the app's own work. Each figure is printed as the median with the
 * runs' range beside it.
 *
 * Options: `--data-dir <dir>` a seeded data folder to use as is; otherwise `.bench/<scale>`
 * is seeded once by `npm run seed -- --scale <scale> --data-dir <dir>` (`--seed-scale`,
 * default `large`) and kept. `--no-build` reuses `dist/`; `--runs <n>` (default 5);
 * `--js-only` measures the two initial-JS figures only, in one run without a warm-up (the
 * bytes do not vary; `JOULE_BENCH_VERBOSE=1` lists each file);
 * `--port <n>` (default `JOULE_BENCH_PORT` or 8832); `--cpu-slowdown <n>` slows each page's
 * CPU `n` times (Chrome DevTools' CPU throttling), to see the figures of a slower machine
 * than the one at hand (the bare reference page is slowed too). Chromium: `CHROMIUM_PATH` or
 * `/usr/bin/chromium`, launched with `CHROMIUM_ARGS` (scripts/chromium-args.ts): without the
 * browser's WebUI omnibox popup unless `--browser-ui`, to compare.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BROWSER_UI_OFF, CHROMIUM_ARGS } from '../scripts/chromium-args';
import { markRows, pageJs, readBudgets, type PageJs } from './page-js';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'seed-scale': { type: 'string', default: 'large' },
    'no-build': { type: 'boolean', default: false },
    'js-only': { type: 'boolean', default: false },
    'browser-ui': { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: process.env.JOULE_BENCH_PORT ?? '8832' },
    'cpu-slowdown': { type: 'string', default: '1' },
  },
});
const jsOnly = values['js-only'] ?? false;
const runs = jsOnly ? 1 : Math.max(1, Number(values.runs));
const port = Number(values.port);
const cpuSlowdown = Math.max(1, Number(values['cpu-slowdown']));
const base = `http://127.0.0.1:${port}`;
const ADMIN = { email: 'admin@joule.test', password: 'joule-demo' };
const KIB = 1024;
const LIST_URL = '/customers?sort=customer_no';
/** The bare reference page: token from storage, one fetch, 25 plain rows; nothing else. */
const BARE_PAGE = `<!doctype html><html><head><script>
const { access } = JSON.parse(localStorage.getItem('joule.auth'));
fetch('/api/v1/customers/?page=1&page_size=25&sort=customer_no', {
  headers: { Accept: 'application/json', Authorization: 'Bearer ' + access },
}).then((answer) => answer.json()).then(({ results }) => {
  const show = () => {
    const body = document.createElement('tbody');
    results.forEach((row, index) => {
      const tr = body.insertRow();
      tr.dataset.index = String(index);
      for (const key of ['customer_no', 'type', 'company_name', 'first_name', 'last_name', 'phone']) {
        tr.insertCell().textContent = row[key] ?? '';
      }
    });
    document.body.appendChild(document.createElement('table')).appendChild(body);
  };
  if (document.body) show();
  else addEventListener('DOMContentLoaded', show);
});
</script></head><body></body></html>`;
const MIB = 1024 * 1024;

const budgets = readBudgets();

/**
 * Each figure, its unit and its target (`bench/budgets.json`): `max` in its unit, or `ratio`
 * to the bare reference page's median in the same run; `files` for the static page's JS.
 */
const targets: Record<
  string,
  { label: string; unit: 'KiB' | 'MiB' | 'ms'; max?: number; ratio?: number; files?: number }
> = {
  loginJs: { label: 'JS, login page (Brotli)', unit: 'KiB', max: budgets.js.loginJs.maxKiB * KIB },
  listJs: {
    label: 'JS, list page, server-rendered (Brotli)',
    unit: 'KiB',
    max: budgets.js.listJs.maxKiB * KIB,
  },
  staticJs: {
    label: 'JS before the rows, static page (Brotli)',
    unit: 'KiB',
    max: budgets.js.staticBeforeRows.maxKiB * KIB,
    files: budgets.js.staticBeforeRows.maxFiles,
  },
  bare25: { label: 'bare reference page: 25 rows painted', unit: 'ms' },
  painted25: { label: '25 rows painted, server-rendered', unit: 'ms' },
  staticPainted25: { label: '25 rows painted, static page', unit: 'ms' },
  interactive: { label: 'first row click opens its dialog', unit: 'ms' },
  first25: { label: '25 rows in the document, server-rendered', unit: 'ms' },
  firstPaint: { label: 'list page, first contentful paint', unit: 'ms' },
  all9999: { label: '9,999-row page rendered (after its data)', unit: 'ms' },
  all9999Total: { label: '9,999-row page, click → rendered', unit: 'ms' },
  heap: { label: 'JS heap after the 9,999 rows', unit: 'MiB' },
  sort: { label: 'header sort → re-rendered (after its data)', unit: 'ms' },
  sortTotal: { label: 'header sort, click → re-rendered', unit: 'ms' },
  chartYear: { label: 'consumption chart, a year of days drawn', unit: 'ms' },
};
for (const [key, ratio] of Object.entries(budgets.ratios)) targets[key]!.ratio = ratio;
for (const [key, { max, unit }] of Object.entries(budgets.absolute))
  targets[key]!.max = unit === 'MiB' ? max * MIB : max;
type Figure = keyof typeof targets;

/** The number of JS files the static page loaded before its rows, per run. */
const staticJsFiles: number[] = [];

/** The performance measure the consumption chart records per draw (`DRAW_MEASURE`). */
const CHART_MEASURE = 'joule.consumption-chart.draw';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

function prepareDataDir(): string {
  if (values['data-dir']) return resolve(values['data-dir']);
  const scale = values['seed-scale'] ?? 'large';
  const dir = join(root, '.bench', scale);
  if (existsSync(join(dir, 'db'))) return dir;
  console.log(`Seeding ${dir} (scale ${scale}) once; later runs reuse it.`);
  const status = run('npm', ['run', '--silent', 'seed', '--', '--scale', scale, '--data-dir', dir]);
  if (status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    console.log('`npm run seed -- --scale` is not available: using bench/quick-seed.ts.');
    if (run('npx', ['tsx', 'bench/quick-seed.ts', '--data-dir', dir, '--customers', '12000']) !== 0)
      throw new Error('Seeding failed');
  }
  return dir;
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn('npx', ['tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      JOULE_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JOULE_AUTH_RATE: '1000/min',
      JOULE_EXPENSIVE_RATE: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  for (let i = 0; i < 240; i += 1) {
    try {
      const answer = await fetch(`${base}/api/v1/`);
      if (answer.status < 500) return server;
    } catch {
      // Not listening yet.
    }
    if (server.exitCode !== null) throw new Error('The server exited');
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error('The server did not start within 2 minutes');
}

async function tokens(): Promise<{ access: string; refresh: string }> {
  const answer = await fetch(`${base}/api/v1/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!answer.ok) throw new Error(`Sign-in failed: ${answer.status}`);
  return (await answer.json()) as { access: string; refresh: string };
}

/**
 * A fresh context; signed in through the stored session when `session` is given, as the
 * app leaves it after signing in: the tokens in local storage, the access token mirrored
 * in the `joule_access` cookie (src/auth/session-cookie.ts).
 */
async function freshContext(
  browser: Browser,
  session?: { access: string; refresh: string },
  cookie = true,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  if (session) {
    await context.addInitScript(
      (value) => {
        localStorage.setItem('joule.auth', value);
      },
      JSON.stringify({ backend: 'joule', ...session }),
    );
    if (cookie) {
      await context.addCookies([
        { name: 'joule_access', value: session.access, url: base, sameSite: 'Strict' },
      ]);
    }
  }
  // Times rows first appear and when they are on screen (rows painted), relative to the
  // navigation start (performance.now()); and when a dialog first shows.
  await context.addInitScript(() => {
    const marks: Record<string, number> = {};
    (window as unknown as { __bench: typeof marks }).__bench = marks;
    new MutationObserver(() => {
      const rows = document.querySelectorAll('table tbody tr[data-index]').length;
      if (rows >= 25 && marks.rows25 === undefined) {
        marks.rows25 = performance.now();
        // Painted: when the 25th row's text is on screen (Element Timing).
        const row = document.querySelectorAll('table tbody tr[data-index]')[24]!;
        for (const element of [row, ...row.querySelectorAll('*')]) {
          const text = [...element.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim(),
          );
          if (text) element.setAttribute('elementtiming', 'row25');
        }
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { renderTime: number })[]) {
            marks.painted25 = Math.max(marks.painted25 ?? 0, entry.renderTime || entry.startTime);
          }
        }).observe({ type: 'element', buffered: true });
      }
      if (marks.dialog === undefined && document.querySelector('[role="dialog"]')) {
        marks.dialog = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return context;
}

/** A new page of `context`, its CPU slowed `--cpu-slowdown` times when asked. */
async function openPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  if (cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  return page;
}

async function measureOnce(browser: Browser, session: { access: string; refresh: string }) {
  const figures: Partial<Record<Figure, number>> = {};

  // Login page, signed out.
  let context = await freshContext(browser);
  let page = await openPage(context);
  figures.loginJs = verbose(
    'login',
    await pageJs(page, `${base}/login`, () =>
      page.getByRole('button', { name: /^(Přihlásit se|Sign in)$/ }).waitFor(),
    ),
  );
  await context.close();

  // A list page, signed in: initial JS and the first 25 rows.
  context = await freshContext(browser, session);
  page = await openPage(context);
  page.on('crash', () => console.error('The page crashed'));
  page.on('pageerror', (error) => console.error('Page error:', error.message));
  // Sorted by number, so the header click (→ descending) surely changes the first row.
  // Ready once the rows show and the page has loaded.
  figures.listJs = verbose(
    'list',
    await pageJs(page, `${base}${LIST_URL}`, async () => {
      await page.locator('#root table tbody tr[data-index]').nth(24).waitFor();
      await page.waitForLoadState('load');
    }),
  );
  if (jsOnly) {
    await context.close();
    await staticJs(browser, session, figures);
    return figures;
  }
  figures.first25 = await mark(page, 'rows25');
  figures.painted25 = await mark(page, 'painted25');
  figures.firstPaint = await page.evaluate(
    () =>
      performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')
        ?.startTime ?? Number.NaN,
  );

  // Sort by a header click: click → the first row shows another customer (this includes
  // the API's answer: sorting is the server's).
  const firstRow = () => page.locator('table tbody tr[data-index="0"]').getAttribute('aria-label');
  const before = await firstRow();
  const sorted = await page.evaluate(async (initial) => {
    const button = document.querySelector<HTMLButtonElement>('thead button.joule-sort-button')!;
    const start = performance.now();
    return new Promise<{ total: number; render: number }>((done, fail) => {
      setTimeout(() => fail(new Error('The sort did not change the first row in 30 s')), 30_000);
      const observer = new MutationObserver(() => {
        const row = document.querySelector('table tbody tr[data-index="0"]');
        if (row && row.getAttribute('aria-label') !== initial) {
          observer.disconnect();
          const end = performance.now();
          const entry = performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('/api/v1/customers/') && e.name.includes('sort=-'))
            .at(-1) as PerformanceResourceTiming | undefined;
          done({ total: end - start, render: end - (entry?.responseEnd ?? start) });
        }
      });
      observer.observe(document.querySelector('table')!, {
        childList: true,
        subtree: true,
        attributes: true,
      });
      button.click();
    });
  }, before);
  figures.sort = sorted.render;
  figures.sortTotal = sorted.total;

  // "All": the 9,999-row page.
  const cdp = await context.newCDPSession(page);
  const timing = await page.evaluate(async () => {
    const select = [...document.querySelectorAll('select')].find((s) =>
      [...s.options].some((o) => o.value === '9999'),
    )!;
    const start = performance.now();
    return new Promise<{ total: number; render: number }>((done, fail) => {
      setTimeout(() => fail(new Error('The 9,999 rows did not render in 60 s')), 60_000);
      const observer = new MutationObserver(() => {
        const table = document.querySelector('table[aria-rowcount]');
        if (
          Number(table?.getAttribute('aria-rowcount')) >= 10000 &&
          table?.getAttribute('aria-busy') !== 'true'
        ) {
          observer.disconnect();
          const end = performance.now();
          const entry = performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('page_size=9999'))
            .at(-1) as PerformanceResourceTiming | undefined;
          done({ total: end - start, render: end - (entry?.responseEnd ?? start) });
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
      select.value = '9999';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
  });
  figures.all9999 = timing.render;
  figures.all9999Total = timing.total;
  await cdp.send('HeapProfiler.collectGarbage');
  figures.heap = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  await context.close();

  // docs/product.md: the measurements panel's chart drawing a year of daily buckets (uPlot), from
  // the consumption answer's arrival to the end of the draw (the chart's own measure).
  context = await freshContext(browser, session);
  page = await openPage(context);
  try {
    await page.goto(`${base}/tariffdevices`);
    // A click before the app has hydrated the server's page would be lost (src/app/app.tsx).
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.locator('table tbody tr[data-index="0"]').click();
    await page.locator('.joule-consumption-chart[data-draws]').waitFor({ timeout: 15_000 });
    await page.evaluate((name) => performance.clearMeasures(name), CHART_MEASURE);
    await page.locator('.joule-consumption select').selectOption('lastYear');
    await page.locator('.joule-consumption-chart[data-buckets="365"]').waitFor();
    figures.chartYear = await page.evaluate(async (name) => {
      while (performance.getEntriesByName(name).length === 0)
        await new Promise((next) => setTimeout(next, 10));
      return performance.getEntriesByName(name).at(-1)!.duration;
    }, CHART_MEASURE);
  } catch (error) {
    // A data set without readings (the demo) draws no chart: the figure is left out.
    console.warn('No consumption chart to measure:', (error as Error).message.split('\n')[0]);
  }
  await context.close();

  // Time to interactive: a click on the first row, repeated until it opens the dialog
  // (before the page is hydrated a click does nothing).
  context = await freshContext(browser, session);
  page = await openPage(context);
  await page.goto(`${base}${LIST_URL}`, { waitUntil: 'commit' });
  const row = page.locator('table tbody tr[data-index="0"]');
  await row.waitFor();
  for (let tries = 0; tries < 300; tries += 1) {
    await row.click({ timeout: 5_000 }).catch(() => undefined);
    if (await page.evaluate(() => !!document.querySelector('[role="dialog"]'))) break;
    await page.waitForTimeout(20);
  }
  await page.locator('[role="dialog"]').first().waitFor();
  figures.interactive = await mark(page, 'dialog');
  await context.close();

  await staticJs(browser, session, figures);

  // The reference: the same navigation and the same rows, on the bare page.
  context = await freshContext(browser, session);
  page = await openPage(context);
  await page.route(`${base}${LIST_URL}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: BARE_PAGE }),
  );
  await page.goto(`${base}${LIST_URL}`);
  await page.locator('table tbody tr[data-index]').nth(24).waitFor();
  await page.waitForFunction(
    () => (window as unknown as { __bench: Record<string, number> }).__bench.painted25,
  );
  figures.bare25 = await mark(page, 'painted25');
  await context.close();
  return figures;
}

/**
 * The static path (a stored session without the cookie, as against another DRF back-end):
 * the JS before the rows, and the rows painted.
 */
async function staticJs(
  browser: Browser,
  session: { access: string; refresh: string },
  figures: Partial<Record<Figure, number>>,
): Promise<void> {
  const context = await freshContext(browser, session, false);
  const page = await openPage(context);
  await markRows(page);
  const js = await pageJs(
    page,
    `${base}${LIST_URL}`,
    () => page.locator('table tbody tr[data-index]').nth(24).waitFor(),
    { before: 'rows' },
  );
  figures.staticJs = verbose('static', js);
  staticJsFiles.push(js.files.length);
  await page.waitForFunction(
    () => (window as unknown as { __bench: Record<string, number> }).__bench.painted25,
  );
  figures.staticPainted25 = await mark(page, 'painted25');
  await context.close();
}

/** `js`'s bytes; its files listed with `JOULE_BENCH_VERBOSE=1`. */
function verbose(name: string, js: PageJs): number {
  if (process.env.JOULE_BENCH_VERBOSE) console.log(`${name}:\n  ${js.files.join('\n  ')}`);
  return js.bytes;
}

/** The time of the page's bench mark `name` (see `freshContext`), waiting for it. */
async function mark(page: Page, name: string): Promise<number> {
  const handle = await page.waitForFunction(
    (key) => (window as unknown as { __bench: Record<string, number> }).__bench[key],
    name,
  );
  return (await handle.jsonValue()) as number;
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function show(value: number, unit: string): string {
  if (unit === 'KiB') return `${(value / KIB).toFixed(1)} KiB`;
  if (unit === 'MiB') return `${(value / MIB).toFixed(1)} MiB`;
  return `${value.toFixed(0)} ms`;
}

async function main() {
  if (!values['no-build'] || !existsSync(join(root, 'dist', 'index.html'))) {
    if (run('npm', ['run', '--silent', 'build']) !== 0) throw new Error('The build failed');
  }
  const dataDir = prepareDataDir();
  const server = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS.filter((arg) => !values['browser-ui'] || arg !== BROWSER_UI_OFF),
  });
  try {
    const session = await tokens();
    const results: Partial<Record<Figure, number>>[] = [];
    // One warm-up run (server caches, JIT), not counted.
    if (!jsOnly) await measureOnce(browser, session);
    for (let i = 0; i < runs; i += 1) {
      results.push(await measureOnce(browser, session));
      process.stdout.write(`run ${i + 1}/${runs} done\n`);
    }
    const slowed = cpuSlowdown > 1 ? `, CPU slowed ${cpuSlowdown}×` : '';
    console.log(`\nnpm run bench:ui — median of ${runs} runs, ${base}, data ${dataDir}${slowed}\n`);
    const medians: Partial<Record<Figure, number>> = {};
    for (const key of Object.keys(targets)) {
      const measured = results.map((r) => r[key]).filter((v) => v !== undefined);
      if (measured.length) medians[key] = median(measured);
    }
    let missed = 0;
    for (const [key, target] of Object.entries(targets)) {
      const value = medians[key];
      if (value === undefined) continue; // not measured (--js-only, no chart data)
      const values = results.map((r) => r[key]).filter((v) => v !== undefined);
      const range = `${show(Math.min(...values), target.unit).split(' ')[0]}–${show(Math.max(...values), target.unit)}`;
      const bare = medians.bare25;
      let goal = '';
      let ok: boolean | null = null;
      if (target.ratio !== undefined && bare !== undefined) {
        ok = value <= target.ratio * bare;
        goal = `${(value / bare).toFixed(2)}× bare, target ≤ ${target.ratio}×`;
      } else if (target.max !== undefined) {
        ok = value <= target.max;
        goal = `target ≤ ${show(target.max, target.unit)}`;
      }
      if (target.files !== undefined) {
        const files = median(staticJsFiles);
        ok = ok !== false && files <= target.files;
        goal += `; ${files} files, target ≤ ${target.files}`;
      }
      if (ok === false) missed += 1;
      const mark = ok === null ? ' ' : ok ? '✓' : '✗';
      console.log(
        `${mark} ${target.label.padEnd(42)} ${show(value, target.unit).padStart(10)}  (runs ${range})  ${goal}`,
      );
    }
    console.log(missed ? `\n${missed} figure(s) miss their target.` : '\nEvery target met.');
    if (missed) process.exitCode = 1;
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

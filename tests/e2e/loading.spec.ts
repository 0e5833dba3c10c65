import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, listRows, test } from './test-support/fixtures';
import { admin, signIn } from './test-support/helpers';

/**
 * docs/product.md: what the first page asks for. A signed-out visitor's login
 * page never downloads the signed-in code; a stored session's first page hints that code
 * from index.html (`src/boot/early-start.ts`) and sends the session check and the rows' GET
 * once each. With the session's cookie the server sends the page with its rows already
 * rendered (server/http/first-page.ts) and the app hydrates it, keeping the server's
 * elements, without asking the API again.
 */

/** Every request the page makes from now on. */
function record(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

/** The signed-in first page's code (build/chunks.ts). */
const signedInChunk = /\/assets\/signed-in-[^/]*\.js$/;

/** The cookie the app mirrors its access token into (src/auth/session-cookie.ts). */
const ACCESS_COOKIE = 'joule_access';

/**
 * A session signed in just now: index.html sends its first GETs only with an access token
 * valid for longer than the renewal margin, which the worker's stored one may no longer be.
 * With `cookie`, its access token is in the cookie too, as the app leaves it; otherwise
 * there is no such cookie, and the server sends the static page.
 */
async function freshSession(
  page: Page,
  request: APIRequestContext,
  { cookie = false } = {},
): Promise<{ access: string; refresh: string }> {
  const answer = await request.post('/api/v1/auth/jwt/create/', { data: admin });
  const tokens = (await answer.json()) as { access: string; refresh: string };
  await page.addInitScript(
    (value) => {
      localStorage.setItem('joule.auth', value);
    },
    JSON.stringify({ backend: 'joule', ...tokens }),
  );
  const context = page.context();
  await context.clearCookies({ name: ACCESS_COOKIE });
  if (cookie) {
    const { origin } = new URL(test.info().project.use.baseURL!);
    await context.addCookies([
      { name: ACCESS_COOKIE, value: tokens.access, url: origin, sameSite: 'Strict' },
    ]);
  }
  return tokens;
}

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the login page loads no code of the signed-in app', async ({ page }) => {
    const requests = record(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: /^(Přihlásit se|Sign in)$/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const scripts = requests.map((request) => request.url()).filter((url) => url.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => signedInChunk.test(url))).toEqual([]);
  });
});

test('a stored session: the list code is hinted while the entry still loads; each first GET goes out once', async ({
  page,
  request,
}) => {
  await freshSession(page, request);
  // The entry module, held back a second: what index.html itself hints is asked for in
  // the meantime; what only the entry's code asks for comes after it.
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  let entryDelivered = false;
  await page.route(`**${entry}`, async (route) => {
    await new Promise((done) => setTimeout(done, 1000));
    entryDelivered = true;
    await route.continue();
  });
  const early: string[] = [];
  const requests = record(page);
  page.on('request', (request) => {
    if (!entryDelivered) early.push(new URL(request.url()).pathname);
  });

  await page.goto('/customers?sort=customer_no');
  await expect(listRows(page)).toHaveCount(25);
  expect(early.some((path) => signedInChunk.test(path))).toBe(true);
  const lists = requests
    .map((request) => new URL(request.url()))
    .filter((url) => url.pathname === '/api/v1/customers/')
    .map((url) => url.search);
  expect(lists).toEqual(['?page=1&page_size=25&sort=customer_no']);
  for (const path of ['/api/v1/auth/me/', '/api/v1/auth/me/preferences/']) {
    expect(requests.filter((request) => new URL(request.url()).pathname === path)).toHaveLength(1);
  }
  // The user's columns were asked for by index.html too, before the entry had run.
  expect(early).toContain('/api/v1/auth/me/preferences/');
});

test('a stored session: the rows are asked for while the session is still being checked', async ({
  page,
  request,
}) => {
  await freshSession(page, request);
  // The session check (`/auth/me/`) held back a second: the list's request goes out meanwhile.
  let userDelivered = false;
  await page.route('**/api/v1/auth/me/', async (route) => {
    await new Promise((done) => setTimeout(done, 1000));
    userDelivered = true;
    await route.continue();
  });
  const asked: boolean[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/customers/') asked.push(userDelivered);
  });

  await page.goto('/customers?sort=customer_no');
  await expect(listRows(page)).toHaveCount(25);
  expect(asked).toEqual([false]);
});

test('a static page: its stylesheet holds up neither the code nor the session check; the app renders once it has loaded', async ({
  page,
  request,
}) => {
  await freshSession(page, request);
  // index.html only preloads its stylesheet (the early start applies it from a script).
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  const css = /<link rel="preload" as="style"[^>]* href="([^"]+\.css)"/.exec(html)?.[1];
  expect(css).toBeTruthy();
  // Whether the stylesheet was in force when the first row appeared.
  await page.addInitScript((href) => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('table tbody tr')) return;
      observer.disconnect();
      const styled = [...document.styleSheets].some((sheet) => sheet.href?.endsWith(href));
      document.documentElement.dataset.styledRows = String(styled);
    }).observe(document, { childList: true, subtree: true });
  }, css!);
  let cssDelivered = false;
  await page.route(`**${css}`, async (route) => {
    await new Promise((done) => setTimeout(done, 1000));
    cssDelivered = true;
    await route.continue();
  });
  const asked: boolean[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/auth/me/') asked.push(cssDelivered);
  });

  await page.goto('/customers?sort=customer_no');
  await expect(listRows(page)).toHaveCount(25);
  expect(asked).toEqual([false]);
  await expect(page.locator('html')).toHaveAttribute('data-styled-rows', 'true');
});

test("an icon drawn before its paths have loaded uses Blueprint's icon fonts as WOFF2, never their TrueType files", async ({
  page,
  request,
}) => {
  await freshSession(page, request);
  const requests = record(page);
  await page.goto('/customers?sort=customer_no');
  await expect(listRows(page)).toHaveCount(25);
  // What Blueprint's empty icon (`span.bp6-icon:empty`) asks of the browser: a glyph of
  // each icon font. Both load (a broken address would reject).
  const faces = await page.evaluate(() =>
    Promise.all(
      ['16px blueprint-icons-16', '20px blueprint-icons-20'].map(async (font) => {
        const loaded = await document.fonts.load(font, '\uf101');
        return loaded.map((face) => face.status);
      }),
    ),
  );
  expect(faces).toEqual([['loaded'], ['loaded']]);
  const fonts = requests
    .filter((sent) => sent.resourceType() === 'font')
    .map((sent) => new URL(sent.url()).pathname);
  expect(fonts.length).toBeGreaterThanOrEqual(2);
  expect(fonts.filter((path) => !path.endsWith('.woff2'))).toEqual([]);
});

// A tariff device list's toolbar has an icon more (its import).
for (const path of ['/customers?sort=customer_no', '/tariffdevices']) {
  test(`a static page draws its icons in its first render: none is drawn empty, and no icon font is fetched (${path})`, async ({
    page,
    request,
  }) => {
    await freshSession(page, request);
    const requests = record(page);
    // Whether an icon was ever in the page without its paths (Blueprint's empty `span.bp6-icon`,
    // drawn from its icon font until the paths load), and when the rows came.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const root = document.documentElement;
        if (document.querySelector('#root span.bp6-icon:empty')) root.dataset.emptyIcon = 'seen';
        if (document.querySelector('#root table tbody tr[data-index]')) {
          root.dataset.rows = 'shown';
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    // The page's clock stands still, as in the test below: the first render's bounded waits
    // never run out, so what is tested is its decision to wait for the icons.
    const now = Date.now();
    await page.clock.install({ time: now });
    await page.clock.pauseAt(now + 1_000);

    await page.goto(path);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-rows', 'shown');
    expect(await html.getAttribute('data-empty-icon')).toBeNull();
    await expect(page.locator('#root .joule-main-menu svg[data-icon]').first()).toBeVisible();
    await page.clock.resume();
    await expect(listRows(page).first()).toBeVisible();
    expect(
      requests.filter((sent) => sent.resourceType() === 'font').map((sent) => sent.url()),
    ).toEqual([]);
  });
}

test('the icons a first page does not draw load once its rows are painted: a menu opened next draws its icons at once', async ({
  page,
  request,
}) => {
  await freshSession(page, request);
  // Whether an icon was ever drawn without its paths (Blueprint's empty `span.bp6-icon`).
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('span.bp6-icon:empty'))
        document.documentElement.dataset.emptyIcon = 'seen';
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/customers?sort=customer_no');
  await expect(listRows(page)).toHaveCount(25);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: /^(Nabídka nastavení|Settings menu)$/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu.locator('svg[data-icon="th-list"]')).toBeVisible();
  await expect(menu.locator('svg[data-icon="key"]')).toBeVisible();
  expect(await page.locator('html').getAttribute('data-empty-icon')).toBeNull();
});

test("a static page loads its dialog's code only once its rows are on screen", async ({
  page,
  request,
}) => {
  await freshSession(page, request);
  await page.goto('/customers?sort=customer_no');
  await expect(listRows(page)).toHaveCount(25);
  // When the list started loading the dialog's code (src/resources/lazy-dialog.ts), and when
  // the browser showed the page's first frame with content (its rows).
  const times = await page.waitForFunction(() => {
    const preload = performance.getEntriesByName('joule.dialog-preload')[0];
    const shown = performance.getEntriesByName('first-contentful-paint')[0];
    return preload && shown && { preload: preload.startTime, shown: shown.startTime };
  });
  const { preload, shown } = (await times.jsonValue()) as { preload: number; shown: number };
  expect(preload).toBeGreaterThanOrEqual(shown);
});

test('a static page is rendered once, with its rows: the list shows no loading state first', async ({
  page,
  request,
}) => {
  await freshSession(page, request);
  // Whether the list showed its loading state (list-body.tsx: a spinner with the status
  // role) before its rows.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const root = document.documentElement;
      if (document.querySelector('.joule-page [role="status"] .bp6-spinner')) {
        root.dataset.listSpinner = 'shown';
      }
      if (document.querySelector('table tbody tr[data-index]')) {
        root.dataset.listSpinner ??= 'never';
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  // The page's clock stands still: the first render's bounded waits (src/boot/start.tsx,
  // at most 300 ms for the page's code, then as long for its rows) never run out, however
  // slow the machine, so what is tested is the render's decision — wait for the code and
  // the rows, then render once — and not a race against those bounds.
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1_000);
  // The rows come a little after the page's code and the session check.
  await page.route('**/api/v1/customers/?*', async (route) => {
    await new Promise((done) => setTimeout(done, 150));
    await route.continue();
  });

  await page.goto('/customers?sort=customer_no');
  // The first thing the list showed: its rows, not its loading state.
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-list-spinner', /^(never|shown)$/);
  await expect(html).toHaveAttribute('data-list-spinner', 'never');
  // Time flows again (TanStack Query delivers its updates on timers): the page goes on.
  await page.clock.resume();
  await expect(listRows(page)).toHaveCount(25);
});

test('with the session cookie the server sends the rows rendered; the app hydrates them without asking again', async ({
  page,
  request,
}) => {
  await freshSession(page, request, { cookie: true });
  // Counts the rows ever taken out of the document: hydration keeps the server's.
  await page.addInitScript(() => {
    const counter = window as unknown as { removedRows: number };
    counter.removedRows = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element && (node.matches('tr') || node.querySelector('tr'))) {
            counter.removedRows += 1;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const requests = record(page);
  const response = await page.goto('/customers?sort=customer_no');
  // The rows are in the page as the server sent it…
  const html = (await response!.text()) ?? '';
  expect(html.match(/<tr[^>]*data-index="/g)).toHaveLength(25);
  expect(html).toContain('<title>Customers // Joule</title>');
  // The page is painted before the app's code is asked for (src/boot/early-start.ts): no
  // module in the page as sent; the first JS request starts after the first contentful paint.
  expect(html).not.toContain('<script type="module"');
  const { paint, firstScript } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
    firstScript: Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.startTime),
    ),
  }));
  expect(paint).toBeGreaterThan(0);
  expect(firstScript).toBeGreaterThanOrEqual(paint);
  // …and the app hydrates them: the same rows, the server's elements.
  await expect(page.locator('#root')).toBeVisible();
  await expect(listRows(page)).toHaveCount(25);
  const first = /data-index="0"[^>]*aria-label="([^"]+)"/.exec(html)?.[1];
  expect(first).toBeTruthy();
  await expect(listRows(page).first()).toHaveAttribute('aria-label', first!);
  // It started from the answers the server embedded: neither GET was sent again.
  const api = requests.map((request) => new URL(request.url()).pathname);
  expect(api).not.toContain('/api/v1/auth/me/');
  expect(api).not.toContain('/api/v1/customers/');
  // And it works: a row opens its dialog.
  await listRows(page).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { removedRows: number }).removedRows),
  ).toBe(0);
});

/**
 * Starts the navigation to the customers' server-rendered page with the app's entry module
 * held back 1.5 s: the page is painted, clickable and typed into long before the app hydrates
 * it. Resolves once the navigation has started, to the navigation (in an object: a promise
 * resolved to would be awaited).
 */
async function openWithEntryHeldBack(page: Page, request: APIRequestContext) {
  await freshSession(page, request, { cookie: true });
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(html)![1]!;
  await page.route(`**${entry}`, async (route) => {
    await new Promise((done) => setTimeout(done, 1500));
    await route.continue();
  });
  return { navigation: page.goto('/customers?sort=customer_no') };
}

test('a row clicked on the server-rendered page before the app has loaded opens once the app has hydrated', async ({
  page,
  request,
}) => {
  const { navigation } = await openWithEntryHeldBack(page, request);
  const first = listRows(page).first();
  await first.click();
  expect(await page.locator('html[data-app-ready]').count()).toBe(0);
  await navigation;
  // Replayed once the app is ready (src/boot/early-input.ts): the row's dialog, once.
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(page.getByRole('dialog')).toContainText((await first.getAttribute('aria-label'))!);
});

test('what is typed into the server-rendered search box before the app has loaded is searched once it has hydrated', async ({
  page,
  request,
}) => {
  const { navigation } = await openWithEntryHeldBack(page, request);
  const search = page.getByRole('searchbox');
  await search.pressSequentially('dvorak');
  expect(await page.locator('html[data-app-ready]').count()).toBe(0);
  await navigation;
  // Replayed once the app is ready (src/boot/early-input.ts): the app's first render keeps
  // the text, and searches it.
  await expect(page).toHaveURL(/search=dvorak/);
  await expect(search).toHaveValue('dvorak');
  await expect(listRows(page).first()).toContainText(/Dvořák/);
  await expect(listRows(page).filter({ hasNotText: /Dvořák/ })).toHaveCount(0);
});

test("a resource's later pages carry its critical CSS; the full stylesheets are preloaded and applied after the rows' paint, blocking nothing", async ({
  page,
  request,
}) => {
  await freshSession(page, request, { cookie: true });
  // The server learns the rules of a resource's page from its first one, in the background.
  let html = '';
  await expect(async () => {
    const response = await page.goto('/customers?sort=customer_no');
    html = (await response!.text()) ?? '';
    expect(html).toContain('data-stylesheets="');
  }).toPass();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain('<style>');
  // No stylesheet the parser meets: neither the first paint nor the entry module waits.
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  const stylesheets = /data-stylesheets="([^"]*)"/.exec(html)![1]!.split(' ');
  expect(stylesheets.length).toBeGreaterThan(0);
  // The early start preloaded them, and the app applied them before hydrating.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.styleSheets].flatMap((sheet) =>
          sheet.href ? [new URL(sheet.href).pathname] : [],
        ),
      ),
    )
    .toEqual(expect.arrayContaining(stylesheets));
  await expect(listRows(page)).toHaveCount(25);
  await listRows(page).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // Each applied once, also after the dialog's code (which lists the entry's stylesheet
  // among its own) has loaded: a second copy would be parsed again and restyle the page.
  const applied = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  );
  expect(applied).toEqual(expect.arrayContaining(stylesheets));
  expect(applied).toHaveLength(new Set(applied).size);
});

test.describe('a page the app cannot hydrate', () => {
  test.use({ allowRecoverableErrors: true });

  test('is reported as an error the tests fail on, and the app renders it afresh', async ({
    page,
    request,
    recoverableErrors,
  }) => {
    await freshSession(page, request, { cookie: true });
    // The server's page, with its first row's first text cell (after the selection's
    // checkbox cell) changed: markup the app's first render cannot match.
    await page.route('**/customers?sort=customer_no', async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const changed = html.replace(/(data-index="0".*?<td>)[^<]*/s, '$1MISMATCH');
      expect(changed).not.toBe(html);
      await route.fulfill({ response, body: changed });
    });
    await page.goto('/customers?sort=customer_no');
    await expect.poll(() => recoverableErrors.length).toBeGreaterThan(0);
    // React recovered: the app's own rows replaced the server's.
    await expect(listRows(page)).toHaveCount(25);
    await expect(page.getByText('MISMATCH')).toHaveCount(0);
  });
});

test.describe('signing in', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('mirrors the access token into the cookie, and signing out removes it', async ({ page }) => {
    await signIn(page, admin, 'cs');
    const stored = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('joule.auth') ?? '{}') as { access?: string }).access,
    );
    const cookie = (await page.context().cookies()).find((c) => c.name === ACCESS_COOKIE);
    expect(cookie?.value).toBe(stored);
    expect(cookie?.sameSite).toBe('Strict');
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login/);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain(ACCESS_COOKIE);
  });
});

test.describe('the app’s messages split by the chunk that shows them (docs/architecture.md "How the pages stay small")', () => {
  for (const [language, save] of [
    ['cs', 'Uložit'],
    ['en', 'Save'],
  ] as const) {
    test(`a dialog's come with its code, not in the first page's catalogue (${language})`, async ({
      page,
    }) => {
      await page.addInitScript((lang) => {
        localStorage.setItem('joule.settings', JSON.stringify({ theme: 'light', language: lang }));
      }, language);
      // Every JS file as sent: the catalogues (`cs-*.js`, `en-*.js`) and the code.
      const scripts = new Map<string, Promise<string>>();
      page.on('response', (response) => {
        if (/\/assets\/[^/]+\.js$/.test(response.url()))
          scripts.set(new URL(response.url()).pathname, response.text());
      });
      await page.goto('/customers');
      await expect(listRows(page).first()).toBeVisible();
      await listRows(page).first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: save, exact: true })).toBeVisible();
      const holding: string[] = [];
      for (const [path, text] of scripts)
        if ((await text).includes('"app.resources.save"')) holding.push(path);
      // One file holds it: a chunk of the dialog's code, not a catalogue, the entry or the
      // signed-in first page's chunk.
      expect(holding).toEqual([expect.stringMatching(/^\/assets\/(?!cs-|en-|index-|signed-in-)/)]);
    });
  }
});

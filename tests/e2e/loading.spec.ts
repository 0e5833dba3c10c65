import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, listRows, test } from './fixtures';
import { admin } from './helpers';

/**
 * Issue #4 "Speed and memory": what the first page asks for. A signed-out visitor's login
 * page never downloads the signed-in code; a stored session's first page hints that code
 * and sends the session check and the rows' GET from index.html (`src/app/early-start.ts`),
 * and the app takes those answers: each is fetched once.
 */

/** Every request the page makes from now on. */
function record(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

const signedInChunk = /\/assets\/(shell|resource-registry)-[^/]*\.js$/;

/**
 * A session signed in just now: index.html sends its first GETs only with an access token
 * valid for longer than the renewal margin, which the worker's stored one may no longer be.
 */
async function freshSession(page: Page, request: APIRequestContext): Promise<void> {
  const answer = await request.post('/api/v1/auth/jwt/create/', { data: admin });
  const tokens = (await answer.json()) as { access: string; refresh: string };
  await page.addInitScript(
    (value) => {
      localStorage.setItem('joule.auth', value);
    },
    JSON.stringify({ backend: 'joule', ...tokens }),
  );
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

test('a stored session: the list code and the first GETs go out while the entry still loads, once', async ({
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
  // index.html itself sends the session check and the rows' GET (`earlyStart`)…
  expect(early).toContain('/api/v1/auth/me/');
  expect(early).toContain('/api/v1/customers/');
  const lists = requests
    .map((request) => new URL(request.url()))
    .filter((url) => url.pathname === '/api/v1/customers/')
    .map((url) => url.search);
  // …and the app takes their answers instead of asking again.
  expect(lists).toEqual(['?page=1&page_size=25&sort=customer_no']);
  expect(
    requests.filter((request) => new URL(request.url()).pathname === '/api/v1/auth/me/'),
  ).toHaveLength(1);
});

test('a stored session: the rows are asked for while the session is still being checked', async ({
  page,
}) => {
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

import type { Browser } from '@playwright/test';
import { markRows, pageJs, readBudgets, type PageJs } from '../../bench/page-js';
import { expect, listRows, test } from './test-support/fixtures';
import { admin } from './test-support/helpers';

/**
 * The JS byte budgets of the first pages (`bench/budgets.json`, docs/speed.md): what the
 * build makes each page load, compressed as sent (Brotli), so that a change that grows the
 * first pages fails here rather than only in `npm run bench:ui`. Bytes, not times: they hold
 * on any machine. Checked against the ceilings (`jsCeilings`) until the build meets the targets
 * (`js`, which bench:ui checks), then against the targets.
 */
const { js: targets, jsCeilings } = readBudgets();
const budgets = {
  loginJs: { maxKiB: Math.max(targets.loginJs.maxKiB, jsCeilings.loginJs.maxKiB) },
  listJs: { maxKiB: Math.max(targets.listJs.maxKiB, jsCeilings.listJs.maxKiB) },
  staticBeforeRows: {
    maxKiB: Math.max(targets.staticBeforeRows.maxKiB, jsCeilings.staticBeforeRows.maxKiB),
    maxFiles: Math.max(targets.staticBeforeRows.maxFiles, jsCeilings.staticBeforeRows.maxFiles),
  },
};
const KIB = 1024;
const LIST_URL = '/customers?sort=customer_no';
/** No stored session, no cookie, no settings (the default language, Czech). */
const SIGNED_OUT = { cookies: [], origins: [] };

/** A fresh context (empty cache) with the stored session, its cookie only with `cookie`. */
async function signedIn(browser: Browser, baseURL: string, cookie: boolean) {
  const answer = await fetch(new URL('/api/v1/auth/jwt/create/', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const tokens = (await answer.json()) as { access: string; refresh: string };
  const context = await browser.newContext({ baseURL, storageState: SIGNED_OUT });
  await context.addInitScript(
    (value) => {
      localStorage.setItem('joule.auth', value);
    },
    JSON.stringify({ backend: 'joule', ...tokens }),
  );
  if (cookie) {
    await context.addCookies([
      { name: 'joule_access', value: tokens.access, url: baseURL, sameSite: 'Strict' },
    ]);
  }
  return context;
}

/** `js` in KiB with its files, for the failure message. */
const described = (js: PageJs) =>
  `${(js.bytes / KIB).toFixed(1)} KiB in ${js.files.length} files:\n${js.files.join('\n')}`;

test('the login page loads at most its budget of JS', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: SIGNED_OUT });
  const page = await context.newPage();
  const js = await pageJs(page, '/login', () =>
    page.getByRole('button', { name: /^(Přihlásit se|Sign in)$/ }).waitFor(),
  );
  await context.close();
  expect(js.bytes, described(js)).toBeLessThanOrEqual(budgets.loginJs.maxKiB * KIB);
});

test('a static list page loads at most its budget of JS, in few files, before its rows', async ({
  browser,
  baseURL,
}) => {
  const context = await signedIn(browser, baseURL!, false);
  const page = await context.newPage();
  await markRows(page);
  const js = await pageJs(page, LIST_URL, () => expect(listRows(page)).toHaveCount(25), {
    before: 'rows',
  });
  await context.close();
  expect(js.bytes, described(js)).toBeLessThanOrEqual(budgets.staticBeforeRows.maxKiB * KIB);
  expect(js.files.length, described(js)).toBeLessThanOrEqual(budgets.staticBeforeRows.maxFiles);
});

test('a server-rendered list page loads at most its budget of JS', async ({ browser, baseURL }) => {
  const context = await signedIn(browser, baseURL!, true);
  const page = await context.newPage();
  const js = await pageJs(page, LIST_URL, async () => {
    await expect(listRows(page)).toHaveCount(25);
    await page.waitForLoadState('load');
  });
  await context.close();
  expect(js.bytes, described(js)).toBeLessThanOrEqual(budgets.listJs.maxKiB * KIB);
});

import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { admin, signIn, useLanguage, watchContentSecurityPolicy } from './helpers';

/** `RECOVERABLE_ERROR_PREFIX` of src/boot/start.tsx. */
const RECOVERABLE_ERROR_PREFIX = 'joule: recoverable error';

/** A demo account (see `helpers.ts`). */
export interface Account {
  readonly email: string;
  readonly password: string;
}

type StorageState = Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;

/** Signs in once through the login page (English UI) and returns the context's storage. */
async function signedInState(
  browser: Browser,
  baseURL: string | undefined,
  account: Account,
): Promise<StorageState> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a Playwright helper, not a React hook
  await useLanguage(page, 'en');
  await signIn(page, account);
  // The session and the UI language live in local storage: both are kept.
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * `state` with a new token pair of `account` (signed in through the API) in the session's
 * local storage entry and the access cookie (its expiry the new token's). Refresh tokens rotate: once a test has renewed
 * its session, the copy's refresh token is spent, and a later test starting from the copy
 * would be asked to sign in again as soon as its access token needs renewing.
 */
async function withFreshTokens(
  state: StorageState,
  baseURL: string | undefined,
  account: Account,
): Promise<StorageState> {
  const response = await fetch(new URL('/api/v1/auth/jwt/create/', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${account.email}: ${response.status}`);
  const { access, refresh } = (await response.json()) as { access: string; refresh: string };
  // The cookie lives as long as its token (src/auth/session-cookie.ts): the copy's would have
  // expired five minutes after the worker's sign-in, and every page then be a static one.
  const { exp } = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()) as {
    exp: number;
  };
  return {
    cookies: state.cookies.map((cookie) =>
      cookie.name === SESSION_COOKIE ? { ...cookie, value: access, expires: exp } : cookie,
    ),
    origins: state.origins.map((origin) => ({
      ...origin,
      localStorage: origin.localStorage.map((entry) =>
        entry.name === SESSION_KEY
          ? { ...entry, value: JSON.stringify({ ...JSON.parse(entry.value), access, refresh }) }
          : entry,
      ),
    })),
  };
}

/** The SPA's session entry in local storage (`src/auth/session-store.ts`). */
const SESSION_KEY = 'joule.auth';
/** The cookie mirroring the access token (`src/auth/session-cookie.ts`). */
const SESSION_COOKIE = 'joule_access';

/**
 * Playwright's `test`, signed in as `account` (admin unless `test.use({ account })` says
 * otherwise) in English, failing on any Content-Security-Policy violation of its page. Each
 * worker signs in once per account through the login page and reuses that storage state, with
 * a new token pair for each test ({@link withFreshTokens}).
 */
export const test = base.extend<
  {
    account: Account;
    api: Api;
    /** Errors React recovered from, which fail the test unless `allowRecoverableErrors`. */
    recoverableErrors: string[];
    allowRecoverableErrors: boolean;
  },
  { signedIn: Map<string, StorageState> }
>({
  account: [admin, { option: true }],
  allowRecoverableErrors: [false, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from it
  recoverableErrors: async ({}, provide) => provide([]),
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from it
  signedIn: [async ({}, provide) => provide(new Map()), { scope: 'worker' }],
  storageState: async ({ account, signedIn, browser, baseURL }, provide) => {
    let state = signedIn.get(account.email);
    if (!state) {
      state = await signedInState(browser, baseURL, account);
      signedIn.set(account.email, state);
    }
    await provide(await withFreshTokens(state, baseURL, account));
  },
  api: async ({ request }, provide) => provide(new Api(request)),
  // Every test fails on a Content-Security-Policy violation (the policy must break
  // nothing) and on an error React recovered from, above all a hydration mismatch: a
  // server-rendered page the app's first render did not match (src/boot/start.tsx).
  page: async (
    { page, recoverableErrors: recovered, allowRecoverableErrors },
    provide,
    testInfo,
  ) => {
    const violations = watchContentSecurityPolicy(page);
    // What the page said and what failed to load, printed when the test fails: CI keeps its
    // output, not the traces.
    const journal: string[] = [];
    const note = (line: string) => {
      journal.push(line.slice(0, 300));
      if (journal.length > 60) journal.shift();
    };
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        note(`console ${message.type()}: ${message.text()}`);
      }
      if (message.type() === 'error' && message.text().startsWith(RECOVERABLE_ERROR_PREFIX)) {
        recovered.push(message.text());
      }
    });
    page.on('pageerror', (error) => note(`page error: ${error.message}`));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) note(`navigated: ${frame.url()}`);
    });
    page.on('requestfailed', (request) =>
      note(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`),
    );
    page.on('response', (response) => {
      if (response.status() >= 400) note(`answer ${response.status()}: ${response.url()}`);
    });
    // A server-rendered page shows before the app hydrates it: a click in between would be
    // lost, so every navigation waits for the app (src/app/app.tsx) as a person would see
    // it answer.
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response?.headers()['content-type']?.startsWith('text/html')) {
        await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      }
      return response;
    };
    await provide(page);
    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
      const snapshot = await page
        .locator('body')
        .ariaSnapshot({ timeout: 2_000 })
        .catch((error: unknown) => `(no snapshot: ${String(error)})`);
      console.log(
        [
          `--- ${testInfo.title}: the page at ${page.url()}`,
          ...journal,
          snapshot.slice(0, 6_000),
        ].join('\n'),
      );
    }
    expect(violations, 'Content Security Policy violations').toEqual([]);
    if (!allowRecoverableErrors) {
      expect(recovered, 'errors React recovered from (hydration mismatches)').toEqual([]);
    }
  },
});

export { expect };

/**
 * The API behind the browser's back, as the admin: for changes another user makes meanwhile
 * (a 412 conflict) and for reading what the UI must show.
 */
export class Api {
  private token: string | null = null;

  constructor(private readonly request: APIRequestContext) {}

  private async headers(): Promise<Record<string, string>> {
    if (!this.token) {
      const answer = await this.request.post('/api/v1/auth/jwt/create/', { data: admin });
      expect(answer.status()).toBe(200);
      this.token = ((await answer.json()) as { access: string }).access;
    }
    return { Authorization: `Bearer ${this.token}`, 'Accept-Language': 'en' };
  }

  /** GET of a list (`/api/v1/<resource>/` with `params`): its rows. */
  async list(
    resource: string,
    params: Record<string, string | number> = {},
  ): Promise<Record<string, unknown>[]> {
    const answer = await this.request.get(`/api/v1/${resource}/`, {
      headers: await this.headers(),
      params,
    });
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { results: Record<string, unknown>[] }).results;
  }

  /** GET of one row (`/api/v1/<resource>/<id>/`). */
  async get(resource: string, id: unknown): Promise<Record<string, unknown>> {
    const answer = await this.request.get(`/api/v1/${resource}/${String(id)}/`, {
      headers: await this.headers(),
    });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as Record<string, unknown>;
  }

  /** POST of a new row: what a test needs made; answers the row created. */
  async create(resource: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const answer = await this.request.post(`/api/v1/${resource}/`, {
      headers: await this.headers(),
      data: body,
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as Record<string, unknown>;
  }

  /** PATCH of one row, no `If-Match`: as someone else saving meanwhile. */
  async patch(resource: string, id: unknown, body: Record<string, unknown>): Promise<void> {
    const answer = await this.request.patch(`/api/v1/${resource}/${String(id)}/`, {
      headers: await this.headers(),
      data: body,
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  /** DELETE of one row: cleans up what a test made. */
  async remove(resource: string, id: unknown): Promise<void> {
    const answer = await this.request.delete(`/api/v1/${resource}/${String(id)}/`, {
      headers: await this.headers(),
    });
    expect(answer.status(), await answer.text()).toBe(204);
  }
}

/**
 * Axe (WCAG 2 A and AA) over the page, or the part `include` selects: no serious or critical
 * violation. The failure lists each rule with the elements it found.
 */
export async function expectNoSeriousA11yViolations(page: Page, include?: string): Promise<void> {
  // Legacy mode runs axe in the page itself: no frames here, and no extra page per audit.
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).setLegacyMode(true);
  if (include) builder = builder.include(include);
  const audit = await builder.analyze();
  const serious = audit.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** The data rows of the list on the page (the header row and virtual padding left out). */
export function listRows(page: Page) {
  return page.locator('tbody tr[data-index]');
}

/**
 * The texts of one column (by header name) of the list's rows shown, top to bottom, once the
 * list has finished loading.
 */
export async function columnTexts(page: Page, header: string): Promise<string[]> {
  // While another page loads, the table keeps the previous rows and says it is busy.
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
  const headers = await page.locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.replace(/[⇅▲▼\d\s]+$/u, '').trim() === header);
  expect(index, `column “${header}” among ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return listRows(page)
    .locator(`td:nth-child(${index + 1})`)
    .allInnerTexts();
}

import { expect, test, type Page } from '@playwright/test';
import { baseURL, idpPort } from '../../playwright.config';
import { admin, useLanguage, watchContentSecurityPolicy } from './test-support/helpers';

/**
 * Single sign-on through the server's dev identity provider, a real `oidc-provider`
 * (docs/product.md §4 "Single sign-on", §8; playwright.config.ts starts it with
 * 10 s access tokens).
 */
const providerPassword = 'joule-demo';

// Talking to the provider from the browser (discovery, token endpoint) is allowed by the
// server's Content-Security-Policy (connect-src): any violation fails the test.
let violations: string[] = [];
test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'en');
  violations = watchContentSecurityPolicy(page);
});
test.afterEach(() => {
  expect(violations, 'Content Security Policy violations').toEqual([]);
});

/** Starts single sign-on on the login page and signs in at the provider. */
async function signInWithSso(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  const authorization = page.waitForRequest((request) =>
    request.url().startsWith(`http://127.0.0.1:${idpPort}/auth?`),
  );
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  // The server's OIDC_MAX_AGE (playwright.config.ts) goes with the request (docs/product.md §5);
  // the callback checks the ID token's auth_time against it.
  expect(new URL((await authorization).url()).searchParams.get('max_age')).toBe('3600');
  await expect(page.getByRole('heading', { name: 'Dev identity provider' })).toBeVisible();
  await page.getByLabel('Account e-mail').fill(email);
  await page.getByLabel('Account password').fill(providerPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function storedSession(page: Page): Promise<{ backend?: string; access?: string } | null> {
  return page.evaluate(() => {
    const text = window.localStorage.getItem('joule.auth');
    return text ? (JSON.parse(text) as { backend?: string; access?: string }) : null;
  });
}

test('the admin signs in through the provider, keeps the session over a reload, and logs out at the provider too', async ({
  page,
}) => {
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login$/);
  await signInWithSso(page, admin.email);
  // Back where sign-in was asked for, signed in with backend oidc.
  await expect(page).toHaveURL(/\/users$/);
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  expect(await storedSession(page)).toMatchObject({ backend: 'oidc' });

  // App start with OIDC renews the token first (docs/product.md §4), then loads the user.
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('row', { name: /admin@joule\.test/ })).toBeVisible();

  // The ID token waits in session storage as the logout's hint.
  const idTokenHint = await page.evaluate(() =>
    window.sessionStorage.getItem('joule.sso.id_token'),
  );
  expect(idTokenHint).toBeTruthy();

  // Logout revokes the refresh token at the provider: it renews nothing afterwards. Then it
  // ends the provider's session (RP-initiated logout with the ID token as hint), which
  // sends the browser back to the login page without asking.
  const revocation = page.waitForRequest((request) => request.url().endsWith('/token/revocation'));
  const endSession = page.waitForRequest((request) =>
    request.url().startsWith(`http://127.0.0.1:${idpPort}/session/end?`),
  );
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const endSessionUrl = new URL((await endSession).url());
  // The hint is the session's ID token: the one read above, or its renewal (the provider's
  // tokens live 10 s, so a renewal may have replaced it meanwhile) for the same user and
  // client.
  const claims = (token: string | null) =>
    JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString('utf8') || '{}') as {
      iss?: string;
      sub?: string;
      aud?: string | string[];
    };
  const hint = claims(endSessionUrl.searchParams.get('id_token_hint'));
  const read = claims(idTokenHint);
  expect(hint.sub).toBeTruthy();
  expect({ iss: hint.iss, sub: hint.sub, aud: hint.aud }).toEqual({
    iss: read.iss,
    sub: read.sub,
    aud: read.aud,
  });
  expect(endSessionUrl.searchParams.get('post_logout_redirect_uri')).toBe(`${baseURL}/login`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in with single sign-on' })).toBeVisible();
  expect(await storedSession(page)).toBeNull();
  expect(await page.evaluate(() => window.sessionStorage.getItem('joule.sso.id_token'))).toBeNull();
  const revoked = new URLSearchParams((await revocation).postData() ?? '').get('token') ?? '';
  expect(revoked).not.toBe('');
  await expect
    .poll(async () => {
      const issuer = `http://127.0.0.1:${idpPort}`;
      const discovery = (await (
        await fetch(`${issuer}/.well-known/openid-configuration`)
      ).json()) as { token_endpoint: string };
      const answer = await fetch(discovery.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: revoked,
          client_id: 'joule',
        }),
      });
      return answer.status;
    })
    .toBe(400);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login$/);

  // The provider's session is over: single sign-on asks for the password again.
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await expect(page.getByRole('heading', { name: 'Dev identity provider' })).toBeVisible();
  await expect(page.getByLabel('Account password')).toBeVisible();
});

test('a provider account without a Joule user sees the no-access message', async ({ page }) => {
  await signInWithSso(page, 'nobody@joule.test');
  // The callback page says it (the 3 s toast may say it too, outside the page's root).
  await expect(page.locator('#root').getByRole('alert')).toHaveText(
    'User has no access to the product.',
  );
  expect(await storedSession(page)).toBeNull();
  await page.getByRole('link', { name: 'Back to sign-in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a form stays open with its text while the access token expires, and saves', async ({
  page,
}) => {
  await signInWithSso(page, admin.email);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Users' })).toBeVisible();
  // The app renews a single sign-on session's token before it renders anything (docs/product.md
  // §4), so the server does not render the list for it: the session has no cookie for that
  // (src/auth/session-cookie.ts), and no button of a page the app replaces can be clicked.
  expect((await page.context().cookies()).map(({ name }) => name)).not.toContain('joule_access');
  await page.goto('/users');
  // Still signed in after the app's start renewed the token, on the users list.
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('row', { name: /admin@joule\.test/ })).toBeVisible();
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Email')).toBeVisible();
  const email = `sso.${Date.now()}@example.cz`;
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('correct-horse-battery');

  // Wait (no timed assertion) until the token in use when the form opened has expired and
  // the session holds a renewed one.
  const first = (await storedSession(page))?.access ?? '';
  const firstExp = JSON.parse(
    Buffer.from(first.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as { exp: number };
  await page.waitForFunction(
    ({ token, exp }) => {
      const stored = JSON.parse(window.localStorage.getItem('joule.auth') ?? '{}') as {
        access?: string;
      };
      return Date.now() / 1000 > exp && !!stored.access && stored.access !== token;
    },
    { token: first, exp: firstExp.exp },
    { timeout: 30_000 },
  );

  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await expect(dialog.getByLabel('Password')).toHaveValue('correct-horse-battery');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search' }).fill(email.slice(0, 14));
  await expect(
    page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) }),
  ).toBeVisible();
  expect(await storedSession(page)).toMatchObject({ backend: 'oidc' });
});

import { expect, test, type APIRequestContext } from '@playwright/test';
import { admin, clerk, signIn, useLanguage } from './test-support/helpers';
import { newestMailTo, quotedPrintableDecoded } from './test-support/outbox';

/**
 * Password reset (docs/product.md §2, §5, §8) against the real server: the mail is read from the
 * server's outbox (playwright.config.ts gives the server a fresh data folder). A user made
 * for the test gets the new password, so the demo accounts keep theirs.
 */
/** The path of the reset link in the newest mail to `to` (waits for the mail). */
async function resetLinkFor(to: string): Promise<string> {
  let path = '';
  await expect
    .poll(() => {
      path =
        /\/password-reset\/[\w-]+\/[\w-]+/.exec(
          quotedPrintableDecoded(newestMailTo(to) ?? ''),
        )?.[0] ?? '';
      return path;
    })
    .not.toBe('');
  return path;
}

/** Creates an active user with the Clerk role through the API, as the admin. */
async function createUser(request: APIRequestContext, email: string, password: string) {
  const tokens = await request.post('/api/v1/auth/jwt/create/', { data: admin });
  expect(tokens.ok()).toBe(true);
  const { access } = (await tokens.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}` };
  const roles = await request.get('/api/v1/roles/', { headers, params: { search: 'Clerk' } });
  expect(roles.ok()).toBe(true);
  const { results } = (await roles.json()) as { results: { id: number; name: string }[] };
  const clerkRole = results.find((role) => role.name === 'Clerk');
  expect(clerkRole).toBeDefined();
  const created = await request.post('/api/v1/users/', {
    headers,
    data: { email, password, is_active: true, roles: [clerkRole?.id] },
  });
  expect(created.status()).toBe(201);
}

test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'en');
});

test('a user asks for a link, sets a new password from the mail and signs in with it', async ({
  page,
  request,
}) => {
  const email = `e2e.reset.${Date.now()}@example.cz`;
  await createUser(request, email, 'first-password-4711');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await expect(page).toHaveTitle('Password reset // Joule');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  const neutral =
    'If the address belongs to an account, we have sent a link to reset the password.';
  await expect(page.getByRole('status')).toHaveText(neutral);

  await page.goto(await resetLinkFor(email));
  await expect(page).toHaveTitle('Password Reset // Joule');
  await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible();
  await page.getByLabel('New password').fill('second-password-4711');
  await page.getByLabel('Confirm password').fill('second-password-4712');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm password').fill('second-password-4711');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been changed. Sign in with the new one.',
  );

  await signIn(page, { email, password: 'second-password-4711' });
  await expect(page.getByRole('heading', { name: 'Welcome to Joule' })).toBeVisible();
});

test('an unknown address gets the same answer, and a tampered token is refused', async ({
  page,
}) => {
  await page.goto('/password-reset');
  await page.getByLabel('E-mail').fill('nobody@example.cz');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If the address belongs to an account, we have sent a link to reset the password.',
  );

  // A real link for the clerk, with its token changed: the clerk's password stays.
  await page.goto('/password-reset');
  await page.getByLabel('E-mail').fill(clerk.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  const link = await resetLinkFor(clerk.email);
  await page.goto(`${link.slice(0, -4)}${link.endsWith('aaaa') ? 'bbbb' : 'aaaa'}`);
  await page.getByLabel('New password').fill('never-set-password-4711');
  await page.getByLabel('Confirm password').fill('never-set-password-4711');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This password reset link is invalid or has expired.',
  );
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
});

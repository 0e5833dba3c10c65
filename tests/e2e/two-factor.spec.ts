import { generate } from 'otplib';
import type { Page } from '@playwright/test';
import { expect, test } from './test-support/fixtures';
import { useLanguage } from './test-support/helpers';

/**
 * Two-factor sign-in (docs/security.md "Two-factor sign-in"): a user of a role that requires
 * it enrols at the first sign-in (the key read from the page, the code computed from it), sees
 * the ten recovery codes once, then signs in with a code and with a recovery code.
 */
// Not of the demo's domain: users.spec.ts orders the demo's own users by e-mail.
const user = { email: 'two-factor-e2e@example.cz', password: 'two-factor-e2e-1' };

/** The code of `secret` for the time step `steps` after the current one. */
const codeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function password(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a role requiring two-factor: enrol, recovery codes, then a code and a recovery code', async ({
  api,
  browser,
  baseURL,
}) => {
  const role = await api.create('roles', {
    name: 'Two-factor e2e',
    privileges: ['CUSTOMERS'],
    requires_two_factor: true,
  });
  await api.create('users', { ...user, roles: [role.id] });

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await useLanguage(page, 'en');

  await password(page);
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await page.getByLabel('Secret key').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Code from the authenticator app').fill(await codeOf(secret));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())!.trim();
  await page.getByRole('button', { name: 'I have saved them', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await signOut(page);

  // A code of the next time step: the enrolment's code is spent (a code is accepted once).
  await password(page);
  await page.getByLabel('Code from the authenticator app').fill(await codeOf(secret, 1));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await signOut(page);

  await password(page);
  await page.getByRole('button', { name: 'Use a recovery code', exact: true }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await context.close();
});

test('turning two-factor on and off in Settings ends the other sessions, not this one', async ({
  api,
  browser,
  baseURL,
}) => {
  const role = await api.create('roles', {
    name: 'Two-factor e2e, own',
    privileges: ['CUSTOMERS'],
  });
  const own = { email: 'two-factor-own-e2e@example.cz', password: 'two-factor-own-e2e-1' };
  await api.create('users', { ...own, roles: [role.id] });
  // English, as useLanguage sets it (a hook by name, which the lint keeps in test bodies).
  const openSignedIn = async () => {
    const context = await browser.newContext({ baseURL });
    await context.addInitScript(() =>
      localStorage.setItem('joule.settings', JSON.stringify({ theme: 'light', language: 'en' })),
    );
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(own.email);
    await page.getByLabel('Password').fill(own.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
    return { context, page };
  };
  const here = await openSignedIn();
  const elsewhere = await openSignedIn();
  const { page } = here;
  const card = page.locator('.joule-two-factor-settings');

  await page.goto('/settings');
  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const secret = (await card.getByLabel('Secret key').textContent())!.trim();
  await card.getByLabel('Code from the authenticator app').fill(await codeOf(secret));
  await card.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(
    card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await expect(card.getByText('Two-factor sign-in is on.')).toBeVisible();
  // The other session is over: its next page asks for the sign-in.
  await elsewhere.page.goto('/customers');
  await expect(elsewhere.page).toHaveURL(/\/login/);
  // This one goes on.
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();

  await page.goto('/settings');
  await card.getByLabel('Current password').fill(own.password);
  await card.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(card.getByText('Two-factor sign-in is off.')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(card.getByText('Two-factor sign-in is off.')).toBeVisible();
  await here.context.close();
  await elsewhere.context.close();
});

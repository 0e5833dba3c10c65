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

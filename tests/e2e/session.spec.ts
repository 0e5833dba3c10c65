import { expect, test } from '@playwright/test';
import {
  admin,
  clerk,
  signIn,
  useLanguage,
  watchContentSecurityPolicy,
} from './test-support/helpers';

// The login page and the guards run under the server's Content-Security-Policy: any
// violation fails the test (docs/security-headers.md).
let violations: string[] = [];
test.beforeEach(({ page }) => {
  violations = watchContentSecurityPolicy(page);
});
test.afterEach(() => {
  expect(violations, 'Content Security Policy violations').toEqual([]);
});

/** Sign-in, guards, titles and the menus by privilege (docs/product.md §2, §6, §8). */
test.describe('in English', () => {
  test.beforeEach(async ({ page }) => {
    await useLanguage(page, 'en');
  });

  test('an unauthenticated visit goes to the login page', async ({ page }) => {
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('Login // Joule');
  });

  test('a wrong password shows the message of docs/product.md §8', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Invalid username/password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the admin sees every main and settings entry, and logs out', async ({ page }) => {
    await signIn(page, admin);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Users' })).toBeVisible();
    // A reload anywhere keeps the session: the server answers deep links with the SPA.
    await page.reload();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Users' })).toBeVisible();
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Roles' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the clerk sees neither Users in the top bar nor the page at /users', async ({ page }) => {
    await signIn(page, clerk);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Users' })).toHaveCount(0);
    // Refused at its address, the page named (docs/product.md §2 "Route guards").
    await page.goto('/users');
    await expect(page.getByRole('alert')).toContainText('You have no access to the product page');
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('heading', { name: 'Users' })).toHaveCount(0);
    const status = await page.evaluate(async () => {
      const auth = JSON.parse(window.localStorage.getItem('joule.auth') ?? '{}') as {
        access?: string;
      };
      const response = await fetch('/api/v1/users/', {
        headers: { Authorization: `Bearer ${auth.access ?? ''}` },
      });
      return response.status;
    });
    expect(status).toBe(403);
  });
});

test('Czech is the default language', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Přihlásit se', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Přihlášení // Joule');
});

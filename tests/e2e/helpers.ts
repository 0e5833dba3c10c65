import { expect, type Page } from '@playwright/test';

/** Demo accounts seeded on an empty database (README "Demo data"). */
export const admin = { email: 'admin@joule.test', password: 'joule-demo' } as const;
export const clerk = { email: 'clerk@joule.test', password: 'joule-demo' } as const;

/** Makes the page start in the given UI language (the Settings page stores it so). */
export async function useLanguage(page: Page, language: 'cs' | 'en'): Promise<void> {
  await page.addInitScript((lang) => {
    if (!window.localStorage.getItem('joule.settings')) {
      window.localStorage.setItem(
        'joule.settings',
        JSON.stringify({ theme: 'light', language: lang }),
      );
    }
  }, language);
}

/** Signs in through the login page in English and waits for the home page. */
export async function signIn(
  page: Page,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

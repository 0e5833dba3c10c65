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

const loginTexts = {
  en: { password: 'Password', submit: 'Sign in' },
  cs: { password: 'Heslo', submit: 'Přihlásit se' },
} as const;

/** Signs in through the login page (in the page's language) and waits to leave it. */
export async function signIn(
  page: Page,
  account: { email: string; password: string },
  language: 'cs' | 'en' = 'en',
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel(loginTexts[language].password).fill(account.password);
  await page.getByRole('button', { name: loginTexts[language].submit, exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

import { expect, type Locator, type Page } from '@playwright/test';

/** Demo accounts seeded on an empty database (README "Demo sign-in"). */
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

/**
 * Collects the page's Content-Security-Policy violations (docs/security-headers.md): the
 * browser's console reports ("… violates the following Content Security Policy directive
 * …") and the document's `securitypolicyviolation` events, reported to the console by an
 * init script (it runs outside the page's policy). Check the list is empty at the end.
 */
export function watchContentSecurityPolicy(page: Page): string[] {
  const violations: string[] = [];
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      violations.push(`${page.url()}: ${message.text()}`);
    }
  });
  return violations;
}

/**
 * The related list (or the panel in its place) named `name` in `dialog`: a dialog with several
 * shows each in a tab, so that tab is opened first.
 */
export async function relatedList(dialog: Locator, name: string): Promise<Locator> {
  const tab = dialog.getByRole('tab', { name, exact: true });
  // A panel may say more in its name ("Odečty, nejnovější první").
  const region = dialog.getByRole('region', { name }).first();
  await expect(tab.or(region).first()).toBeVisible();
  if ((await tab.count()) > 0) await tab.click();
  await expect(region).toBeVisible();
  return region;
}

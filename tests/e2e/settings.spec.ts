import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { admin, signIn } from './test-support/helpers';

/**
 * Issue "The shell": language and theme chosen on /settings survive a reload
 * (docs/product.md §2, §9).
 */
test('switching to English shows the UI in English after a reload', async ({ page }) => {
  await signIn(page, admin, 'cs');
  await page.goto('/settings');
  await expect(page).toHaveTitle('Nastavení // Joule');
  // Blueprint draws its own indicator over the native radio: click the label, as people do.
  await page.getByText('Angličtina', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Angličtina' })).toBeChecked();
  await page.getByRole('button', { name: 'Uložit nastavení' }).click();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveTitle('Settings // Joule');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Users' })).toBeVisible();
});

for (const theme of [
  { label: 'Dark', dark: true, darkBlue: false },
  { label: 'Dark Blue', dark: true, darkBlue: true },
  { label: 'Light', dark: false, darkBlue: false },
]) {
  test(`the ${theme.label} theme applies at once and after a reload`, async ({ page }, info) => {
    await page.addInitScript(() => {
      if (!window.localStorage.getItem('joule.settings')) {
        window.localStorage.setItem(
          'joule.settings',
          JSON.stringify({ theme: 'dark', language: 'en' }),
        );
      }
    });
    await signIn(page, admin);
    await page.goto('/settings');
    await page.getByText(theme.label, { exact: true }).click();
    await expect(page.getByRole('radio', { name: theme.label, exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Save settings' }).click();
    const themeClasses = async () =>
      `${await page.locator('html').getAttribute('class')} ${await page.locator('body').getAttribute('class')}`;
    for (const when of ['at once', 'after a reload']) {
      if (when === 'after a reload') await page.reload();
      const classes = await themeClasses();
      expect(classes.includes('bp6-dark'), when).toBe(theme.dark);
      expect(classes.includes('joule-theme-dark-blue'), when).toBe(theme.darkBlue);
    }
    await page.goto('/users');
    await expect(page.getByRole('row', { name: /admin@joule\.test/ })).toBeVisible();
    // Readable in every theme: axe finds no serious or critical violation (contrast included).
    const audit = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = audit.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    // Kept as an artifact of the run: test-results/<test>/theme-<name>.png.
    const path = info.outputPath(`theme-${theme.label.replace(' ', '-').toLowerCase()}.png`);
    await page.screenshot({ path, fullPage: true });
    await info.attach(`theme-${theme.label}`, { path, contentType: 'image/png' });
  });
}

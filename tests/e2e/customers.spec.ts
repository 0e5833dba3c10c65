import { expect, test } from '@playwright/test';
import { clerk, signIn, useLanguage } from './test-support/helpers';

/** The clerk works with the seeded customers (issue "The whole domain", docs/product.md §2, §6). */
test('the clerk reaches customers, contracts and points only, and searches customers', async ({
  page,
}, info) => {
  await useLanguage(page, 'en');
  await signIn(page, clerk);
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Customers' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Contracts' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Devices' })).toHaveCount(0);

  await nav.getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveTitle('Customers // Joule');
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(25);

  // Accent-insensitive search: typing without diacritics finds names with them.
  await page.getByRole('searchbox', { name: 'Search' }).fill('dvorak');
  await expect(page).toHaveURL(/search=dvorak/);
  await expect(rows.first()).toContainText(/Dvořák/);
  await info.attach('customers', { body: await page.screenshot(), contentType: 'image/png' });

  // Refused at its address, the page named (docs/product.md §2 "Route guards").
  await page.goto('/tariffdevices');
  await expect(page.getByRole('alert')).toContainText('You have no access to the product page');
  await expect(page).toHaveURL(/\/tariffdevices$/);
  await expect(page.getByRole('table')).toHaveCount(0);
});

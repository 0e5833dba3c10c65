import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { admin, signIn, useLanguage } from './test-support/helpers';

/**
 * The list tools of the generic runtime (issue "The generic runtime"): the Utilities page
 * from the gear, the column chooser kept across a reload, and the CSV export of all pages.
 */
test('Utilities, the column chooser and the CSV export', async ({ page, request }) => {
  // The API keeps the admin's column choices: a retry must not start from where a failed
  // attempt left them.
  const tokens = await request.post('/api/v1/auth/jwt/create/', { data: admin });
  const { access } = (await tokens.json()) as { access: string };
  const cleared = await request.put('/api/v1/auth/me/preferences/', {
    headers: { Authorization: `Bearer ${access}` },
    data: {},
  });
  expect(cleared.ok()).toBe(true);
  await useLanguage(page, 'en');
  await signIn(page, admin);

  // Utilities: one gear entry, two tabs; suppliers and distributors have no entries of their own.
  await page.getByRole('button', { name: 'Settings menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Suppliers' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Utilities' }).click();
  await expect(page).toHaveURL(/\/utilities$/);
  await expect(page).toHaveTitle('Utilities // Joule');
  await expect(page.getByRole('tab')).toHaveText(['Suppliers', 'Distributors']);
  await page.getByRole('tab', { name: 'Distributors' }).click();
  await expect(page).toHaveURL(/tab=distributors/);
  await expect(page.getByRole('heading', { level: 2, name: 'Distributors' })).toBeVisible();

  // Column chooser on customers: hide a column, move one, and find both after a reload.
  await page.goto('/customers');
  // The fields' columns (the selection's checkbox column comes first).
  const headers = page.getByRole('columnheader').and(page.locator(':not(.joule-select-cell)'));
  await expect(headers.first()).toContainText('Customer number');
  await page.getByRole('button', { name: 'Columns' }).click();
  const chooser = page.getByRole('region', { name: 'Columns' });
  // Blueprint draws its own box over the (transparent) input: click the label, as people do.
  await chooser.getByText('Birth date', { exact: true }).click();
  await expect(chooser.getByRole('checkbox', { name: 'Birth date' })).toBeChecked();
  const up = chooser.getByRole('button', { name: 'Move Birth date up' });
  // One click at a time, each waited for: a click on a button the last move just disabled
  // would wait for it for ever.
  const place = async () =>
    (
      await chooser
        .locator('[data-move="-1"]')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-column')))
    ).indexOf('birth_date');
  for (let at = await place(); at > 0; at -= 1) {
    await up.click();
    await expect.poll(place).toBe(at - 1);
  }
  await expect(up).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(headers.first()).toContainText('Birth date');
  await page.reload();
  await expect(headers.first()).toContainText('Birth date');

  // CSV export of the current search: every matching row, the visible columns.
  const info = page.getByText(/^\d+–\d+ of \d+$/);
  const total = async () => Number((await info.textContent())?.split(' of ')[1]);
  const all = await total();
  await page.getByRole('searchbox', { name: 'Search' }).fill('novák');
  await expect(page).toHaveURL(/search=nov/);
  // The searched page has replaced the previous one (which stays, busy, while it loads).
  await expect.poll(total).toBeLessThan(all);
  await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  const count = await total();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]?.split(',')[0]).toBe('Birth date');
  expect(lines).toHaveLength(count + 1);

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await page.keyboard.press('Escape');
  await expect(headers.first()).toContainText('Customer number');
});

/**
 * The audit log (`/audit`, docs/api.md "Audit"): an administrator opens it from the settings
 * menu, filters by record type and action, and reads a change made through the API in
 * words (the customer by name, who, each field before and after); a clerk, without the
 * AUDIT privilege, has no entry.
 */
import { expect, test } from './test-support/fixtures';
import { clerk } from './test-support/helpers';

test('an administrator reads a customer’s change in the audit log, filtered', async ({
  page,
  api,
}) => {
  const tag = String(Date.now()).slice(-8);
  const customer = await api.create('customers', {
    customer_no: `AUD-${tag}`,
    type: 'person',
    first_name: 'Olga',
    last_name: `Auditová${tag}`,
    phone: '+420 603 000 111',
  });
  await api.patch('customers', customer.id, { phone: '+420 603 000 222' });

  await page.goto('/');
  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name: 'Audit log', exact: true }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();

  await page.getByRole('combobox', { name: 'Record type' }).selectOption({ label: 'Customers' });
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Changed' });
  await expect(page).toHaveURL(/resource=customers/);
  await expect(page).toHaveURL(/action=update/);
  const entry = page
    .getByRole('list', { name: 'Audit log' })
    .getByRole('listitem')
    .filter({ hasText: `Olga Auditová${tag}` });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole('heading')).toHaveText(`Customer Olga Auditová${tag}`);
  await expect(entry).toContainText('admin@joule.test');
  const change = entry.getByRole('row').filter({ hasText: 'Phone' });
  await expect(change).toContainText('+420 603 000 111');
  await expect(change).toContainText('+420 603 000 222');

  // The creation is not a change: filtered out.
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Created' });
  await expect(entry.getByRole('row').filter({ hasText: 'Phone' })).toContainText('—');
  // A range of days ending yesterday holds neither.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.getByRole('textbox', { name: 'Time: to' }).fill(yesterday);
  await page.getByRole('textbox', { name: 'Time: to' }).press('Tab');
  await expect(page).toHaveURL(new RegExp(`to=${yesterday}`));
  await expect(entry).toHaveCount(0);
});

test.describe('a clerk', () => {
  test.use({ account: clerk });

  test('has no audit log in the menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Settings menu' }).click();
    const menu = page.getByRole('menu');
    await expect(
      menu.getByRole('menuitem', { name: 'Settings (Global)', exact: true }),
    ).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Audit log' })).toHaveCount(0);
  });
});

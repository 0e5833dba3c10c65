import { expect, test } from '@playwright/test';
import { admin, signIn, useLanguage } from './test-support/helpers';

/**
 * Issue "Joule runs end to end": the admin manages users through the generic runtime,
 * against the real server and its embedded database.
 */
test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'en');
});

test('admin creates a user with a role, finds, edits and deletes it', async ({ page }) => {
  await signIn(page, admin);
  await page.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveTitle('Users // Joule');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('row', { name: /admin@joule\.test/ })).toBeVisible();

  const email = `e2e.${Date.now()}@example.cz`;
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('correct-horse-battery');
  const roles = dialog.getByRole('combobox', { name: 'Roles' });
  await roles.fill('Cler');
  await dialog.getByRole('option', { name: 'Clerk' }).click();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The finished save lands in the notification bell (docs/product.md §2), and
  // stays after a reload.
  await page.reload();
  await page.getByRole('button', { name: 'Notifications (1)' }).click();
  const notifications = page.getByRole('list', { name: 'Notifications' });
  await expect(notifications.getByRole('listitem')).toHaveText(
    new RegExp(`User: “${email.replace(/\./g, '\\.')}” was created\\.`),
  );
  await page.keyboard.press('Escape');

  await page.getByRole('searchbox', { name: 'Search' }).fill(email.slice(0, 12));
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Clerk');
  await expect(page.getByRole('row', { name: /admin@joule\.test/ })).toHaveCount(0);

  await row.click();
  const edit = page.getByRole('dialog');
  const renamed = email.replace('e2e.', 'e2e.renamed.');
  await edit.getByLabel('Email').fill(renamed);
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(edit).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search' }).fill('e2e.renamed');
  const renamedRow = page.getByRole('row', { name: new RegExp(renamed.replace(/\./g, '\\.')) });
  await expect(renamedRow).toBeVisible();

  await renamedRow.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(renamed);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(renamedRow).toHaveCount(0);
  await expect(page.getByText('No records')).toBeVisible();
});

test('a server field error is shown beside its field and the typed values stay', async ({
  page,
}) => {
  await signIn(page, admin);
  await page.goto('/users');
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(admin.email);
  await dialog.getByLabel('Password').fill('another-long-password');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByText('User with this email already exists.')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue(admin.email);
  await expect(dialog.getByLabel('Password')).toHaveValue('another-long-password');
});

test('the users list sorts by header and keeps its state in the URL', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/users?page_size=10');
  const rows = page.getByRole('row', { name: /@joule\.test/ });
  const emailHeader = page.getByRole('columnheader', { name: 'Email' });
  await emailHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=email/);
  await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.first()).toContainText('accountant@joule.test');
  await emailHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=-email/);
  await expect(rows.first()).toContainText('clerk@joule.test');
  await page.goBack();
  await expect(page).toHaveURL(/sort=email/);
  await expect(rows.first()).toContainText('accountant@joule.test');
  await page.reload();
  await expect(page).toHaveURL(/page_size=10/);
  await expect(rows.first()).toContainText('accountant@joule.test');
});

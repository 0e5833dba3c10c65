import { signIn, useLanguage } from './test-support/helpers';
import { expect, expectNoSeriousA11yViolations, test } from './test-support/fixtures';

/**
 * docs/product.md: a role's privileges are checkboxes grouped by area, as the
 * API publishes them; a user whose role changes sees the changed menu after signing in
 * again (the menu follows `/auth/me/`'s privileges, docs/product.md §2 and §6).
 */
test('changing a role’s privileges changes its user’s menu after signing in again', async ({
  page,
  browser,
  api,
  baseURL,
}) => {
  const stamp = Date.now();
  const roleName = `E2E desk ${stamp}`;
  await page.goto('/roles');
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(roleName);
  const customersArea = dialog.getByRole('group', { name: 'Customers and contracts' });
  await expect(customersArea.getByRole('checkbox')).toHaveCount(4);
  await expect(dialog.getByRole('group', { name: 'Administration' })).toContainText('everything');
  // A Blueprint checkbox is ticked through its label (the drawn box covers the input).
  await customersArea.getByText('Customers', { exact: true }).click();
  await expect(customersArea.getByRole('checkbox', { name: 'Customers' })).toBeChecked();
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();

  const [role] = await api.list('roles', { search: roleName });
  expect(role?.privileges).toEqual(['CUSTOMERS']);
  const account = { email: `e2e.desk.${stamp}@example.cz`, password: 'correct-horse-battery' };
  const user = await api.create('users', { ...account, is_active: true, roles: [role!.id] });

  /** Signs the desk user in afresh (a new browser) and answers its menu's link names. */
  const menuAfterSignIn = async (): Promise<string[]> => {
    const context = await browser.newContext({ baseURL });
    const desk = await context.newPage();
    // eslint-disable-next-line react-hooks/rules-of-hooks -- a Playwright helper, not a React hook
    await useLanguage(desk, 'en');
    await signIn(desk, account);
    const links = desk.getByRole('navigation').getByRole('link');
    await expect(links.first()).toBeVisible();
    const names = await links.allTextContents();
    await context.close();
    return names;
  };
  const before = await menuAfterSignIn();
  expect(before).toContain('Customers');
  expect(before).not.toContain('Contracts');

  await page.getByRole('searchbox', { name: 'Search' }).fill(roleName);
  await page.getByRole('row', { name: new RegExp(roleName) }).click();
  const edit = page.getByRole('dialog');
  await expect(edit.getByRole('checkbox', { name: 'Customers' })).toBeChecked();
  await edit.getByText('Contracts', { exact: true }).click();
  await expect(edit.getByRole('checkbox', { name: 'Contracts' })).toBeChecked();
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(edit).toBeHidden();

  const after = await menuAfterSignIn();
  expect(after).toContain('Customers');
  expect(after).toContain('Contracts');

  await api.remove('users', user.id);
  await api.remove('roles', role!.id);
});

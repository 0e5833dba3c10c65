import { expect, listRows, test } from './test-support/fixtures';

/**
 * Lists act on many rows (docs/api.md "Bulk actions") and are driven from the keyboard
 * (docs/product.md "Keyboard"), in Chromium against the real API.
 */
test('select three customers, delete them: two go, the one with a contract is named with its reason', async ({
  page,
  api,
}) => {
  const word = `Hrom${Date.now() % 1e9}`;
  const made = [];
  for (const [index, name] of ['Alfa', 'Beta', 'Gama'].entries()) {
    made.push(
      await api.create('customers', {
        customer_no: `${word}-${index}`,
        type: 'company',
        company_name: `${word} ${name} s.r.o.`,
        crn: '27082440',
      }),
    );
  }
  await api.create('contracts', {
    customer: made[1]!.id,
    contract_no: `${word}-K`,
    valid_from: '2025-01-01',
  });

  await page.goto(`/customers?search=${word}`);
  await expect(listRows(page)).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  const bar = page.getByRole('toolbar', { name: 'Customers' });
  await expect(bar.getByRole('status')).toHaveText('3 selected');
  await bar.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete 3 selected records (Customers)?');
  await confirm.getByRole('button', { name: 'Delete' }).click();

  const summary = page.getByRole('dialog', { name: 'Delete: Customers' });
  await expect(summary.getByRole('status')).toHaveText('Delete: 2 of 3 done.');
  const refused = summary.getByRole('table', { name: 'Refused (1)' });
  await expect(refused.getByRole('row')).toHaveCount(2);
  await expect(refused.getByRole('cell').first()).toHaveText(`${word} Beta s.r.o., IČO 27082440`);
  await expect(refused.getByRole('cell').nth(1)).toContainText(/contract/i);
  // The footer's button (the title bar has a Close of its own).
  await summary.getByRole('button', { name: 'Close' }).last().click();
  await expect(listRows(page)).toHaveCount(1);
  expect((await api.list('customers', { search: word })).map((row) => row.id)).toEqual([
    made[1]!.id,
  ]);
});

test('↓ from the search enters the rows, Enter opens the row, Esc returns to the search', async ({
  page,
}) => {
  await page.goto('/customers');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await expect(listRows(page).first()).toBeVisible();
  await search.focus();
  await page.keyboard.press('ArrowDown');
  await expect(listRows(page).first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(listRows(page).nth(1)).toBeFocused();
  const name = await listRows(page).nth(1).getAttribute('aria-label');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/customers\/\d+/);
  await expect(page.getByRole('dialog')).toContainText(String(name).split(',')[0]!);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(listRows(page).nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(search).toBeFocused();
});

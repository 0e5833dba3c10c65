import { expect, listRows, test } from './test-support/fixtures';

/** docs/billing.md: a contract's bill for a period, or the reasons it cannot be billed. */
test('the contract dialog previews a bill with lines and amount due', async ({ page }) => {
  await page.goto('/contracts');
  await listRows(page).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Bill preview', { exact: true })).toBeVisible();
  // March 2025 as a month from the app's month input (asked of the API as [1 March, 1 April)).
  await dialog.getByLabel('Period: Month').fill('3/2025');
  await dialog.getByRole('button', { name: 'Preview the bill' }).click();
  const bill = dialog.getByTestId('bill');
  await expect(bill.getByRole('row', { name: /Energy, high tariff/ }).first()).toContainText('MWh');
  await expect(bill.getByRole('row', { name: /Main fuse/ }).first()).toContainText('A·months');
  await expect(bill.getByText(/Registers \(kWh\)/).first()).toBeVisible();
  await expect(bill.getByTestId('amount-due')).toContainText(/Amount due|Refund/);
  await expect(bill.getByTestId('amount-due')).toContainText('CZK');

  // No readings after the end of the demo year: the reasons instead of a bill.
  // The same month of 2026 as a range of inclusive days.
  await dialog.getByLabel('Period: period by').selectOption('range');
  await dialog.getByLabel('From', { exact: true }).fill('3/1/2026');
  await dialog.getByLabel('To (inclusive)').fill('3/31/2026');
  await dialog.getByRole('button', { name: 'Preview the bill' }).click();
  const refused = dialog.getByTestId('bill-refused');
  await expect(refused).toContainText('The contract cannot be billed for this period');
  // The meter by its serial, the point as its record is titled (EAN – name).
  await expect(refused).toContainText(/Meter EM-\d+ on \d{18} – .+ has no reading after/);
});

/** docs/product.md: a superuser edits the supplier's details. */
test('the superuser edits the global settings', async ({ page }) => {
  await page.goto('/settings');
  const form = page.getByRole('form', { name: "Supplier's global settings" });
  await form.getByLabel('Supplier name').fill('Joule Energie s.r.o.');
  await form.getByLabel('Company ID (IČO)').fill('27082440');
  await form.getByLabel('VAT number (DIČ)').fill('CZ27082440');
  await form.getByLabel('Bank account').fill('123456789/0100');
  await form.getByLabel('VAT rate 1 (%)').fill('21');
  await form.getByRole('button', { name: 'Save global settings' }).click();
  // The saved notice lands in the notification bell; the stored value is what counts.
  await expect(page.getByRole('button', { name: /Notifications \(\d+\)/ })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('form', { name: "Supplier's global settings" }).getByLabel('Supplier name'),
  ).toHaveValue('Joule Energie s.r.o.');

  // A wrong IČO is refused with the server's message beside the field.
  await page.getByLabel('Company ID (IČO)').fill('12345678');
  await page.getByRole('button', { name: 'Save global settings' }).click();
  await expect(page.getByText(/Enter a valid company ID/)).toBeVisible();
});

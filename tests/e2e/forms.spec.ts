import { expect, test } from './test-support/fixtures';

/**
 * docs/product.md: every field error of a save
 * in one answer, beside its field, and the customer's person / company fields following
 * its type (`x-conditions` of the API, codegen, the generic form).
 */

test('a company customer with three errors shows all three after one save, typed input kept', async ({
  page,
  api,
}) => {
  const [existing] = await api.list('customers', {});
  const taken = String(existing!.customer_no);
  const saves: number[] = [];
  page.on('response', (answer) => {
    if (answer.request().method() === 'POST' && /\/api\/v1\/customers\/$/.test(answer.url()))
      saves.push(answer.status());
  });
  await page.goto('/customers');
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog');
  const number = dialog.getByLabel('Customer number');
  await number.fill(taken);
  await dialog.getByLabel('Type').selectOption({ label: 'Company' });
  await dialog.getByLabel('Company name').fill('Tři chyby s.r.o.');
  const ico = dialog.getByLabel('Company ID (IČO)');
  await ico.fill('12345678'); // the check digit of 1234567 is 9
  const dic = dialog.getByLabel('VAT number (DIČ)');
  await dic.fill('CZ1');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription(
    'Customer with this customer number already exists.',
  );
  await expect(ico).toHaveAttribute('aria-invalid', 'true');
  await expect(ico).toHaveAccessibleDescription(
    'Enter a valid company ID (IČO): 8 digits with a valid check digit.',
  );
  await expect(dic).toHaveAttribute('aria-invalid', 'true');
  expect(saves).toEqual([400]);
  await expect(number).toHaveValue(taken);
  await expect(ico).toHaveValue('12345678');
  await expect(dic).toHaveValue('CZ1');
  await expect(dialog.getByLabel('Company name')).toHaveValue('Tři chyby s.r.o.');
});

test('a missing company name is caught before sending, with the other checks', async ({ page }) => {
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/v1\/customers\/$/.test(request.url()))
      saves.push(request.url());
  });
  await page.goto('/customers');
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Type').selectOption({ label: 'Company' });
  await dialog.getByLabel('Phone').fill('not a phone');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  // The customer number is offered (the next of the series): only the company's fields are missing.
  for (const label of ['Company name', 'Company ID (IČO)']) {
    await expect(dialog.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel(label)).toHaveAccessibleDescription('This field is required.');
  }
  await expect(dialog.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
  expect(saves).toEqual([]);
});

test('a person shows titles, names and birth date; a company its name, IČO and DIČ', async ({
  page,
}) => {
  await page.goto('/customers');
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog');
  const person = ['Title before', 'First name', 'Last name', 'Title after', 'Birth date'];
  const company = ['Company name', 'Company ID (IČO)', 'VAT number (DIČ)'];
  for (const label of [...person, ...company])
    await expect(dialog.getByLabel(label)).toHaveCount(0);

  await dialog.getByLabel('Type').selectOption({ label: 'Person' });
  for (const label of person) await expect(dialog.getByLabel(label)).toBeVisible();
  for (const label of company) await expect(dialog.getByLabel(label)).toHaveCount(0);
  await dialog.getByLabel('First name').fill('Jana');

  await dialog.getByLabel('Type').selectOption({ label: 'Company' });
  for (const label of company) await expect(dialog.getByLabel(label)).toBeVisible();
  for (const label of person) await expect(dialog.getByLabel(label)).toHaveCount(0);

  // Back to a person: what was typed is still there.
  await dialog.getByLabel('Type').selectOption({ label: 'Person' });
  await expect(dialog.getByLabel('First name')).toHaveValue('Jana');
});

/**
 * Personal data in the customer dialog (docs/security.md "Personal data"): a person made
 * through the API (no contract, no invoice: nothing keeps their data) is exported as JSON
 * and PDF, then anonymised after the confirmation; the list names them anonymised.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './test-support/fixtures';

test('a person is exported as JSON and PDF, then anonymised after a confirmation', async ({
  page,
  api,
}) => {
  const tag = String(Date.now()).slice(-8);
  const customer = await api.create('customers', {
    customer_no: `GDPR-${tag}`,
    type: 'person',
    first_name: 'Vlasta',
    last_name: `Burianová${tag}`,
    phone: '+420 603 111 222',
  });
  await api.create('addresses', {
    customer: customer.id,
    type: 'permanent',
    street: 'Na Výsluní 7',
    city: 'Kolín',
    zip_code: '28002',
  });

  await page.goto(`/customers/${String(customer.id)}`);
  const dialog = page.getByRole('dialog');
  // The dialog's code and the customer load first (slow on a busy CI machine).
  await expect(dialog.getByLabel('First name')).toHaveValue('Vlasta', { timeout: 30_000 });
  await expect(dialog.getByText('Personal data', { exact: true })).toBeVisible();

  const jsonDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export personal data (JSON)' }).click();
  const json = await jsonDownload;
  expect(json.suggestedFilename()).toBe(`personal-data-GDPR-${tag}.json`);
  const data = JSON.parse(await readFile((await json.path())!, 'utf8')) as {
    customer: Record<string, unknown>;
    addresses: Record<string, unknown>[];
  };
  expect(data.customer).toMatchObject({ first_name: 'Vlasta', phone: '+420 603 111 222' });
  expect(data.addresses).toEqual([expect.objectContaining({ street: 'Na Výsluní 7' })]);

  const pdfDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export personal data (PDF)' }).click();
  const pdf = await readFile((await (await pdfDownload).path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Anonymise asks first; keeping the data changes nothing.
  await dialog.getByRole('button', { name: 'Anonymise' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Anonymise Vlasta Burianová${tag}?`);
  await confirm.getByRole('button', { name: 'Keep the data' }).click();
  await expect(confirm).toBeHidden();
  expect((await api.list('customers', { filter: `customer_no=GDPR-${tag}` }))[0]).toMatchObject({
    first_name: 'Vlasta',
  });

  await dialog.getByRole('button', { name: 'Anonymise' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Anonymise' }).click();
  await expect(dialog.getByText('The customer has been anonymised.')).toBeVisible();
  const [after] = await api.list('customers', { filter: `customer_no=GDPR-${tag}` });
  expect(after).toMatchObject({
    first_name: 'Anonymised',
    last_name: `GDPR-${tag}`,
    phone: '',
    is_active: false,
  });
  const [address] = await api.list('addresses', { filter: `customer=${String(customer.id)}` });
  expect(address).toMatchObject({ street: 'Anonymised', city: 'Anonymised' });
});

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pdfText } from '../../server/test-support/pdf-text';
import { expect, test } from './test-support/fixtures';
import { newestMailTo } from './test-support/outbox';

/**
 * Billing from a month to money in (docs/billing.md "Demo data"), on the demo data in
 * Chromium: a run for October 2025 followed to its end in its dialog; the October invoice of
 * contract S-2024-00056 issued after the confirmation naming its number; its PDF downloaded
 * and read (supplier, customer's address, variable symbol); sent, the mail with the PDF in
 * Czech (the customer's language: Czech units) found in the server's outbox; then the
 * committed sample statement (data/samples/statement-camt053.xml), whose last credit is that
 * invoice's amount, imported on Incoming payments: the invoice is paid.
 */
const MONTH = { month: '2025-10', first: '2025-10-01' } as const;
const CONTRACT = 'S-2024-00056';
const SYMBOL = '202400056';
const SAMPLE = join(process.cwd(), 'data/samples/statement-camt053.xml');
/** `text` on one line, a unit broken after its slash (`Kč/` `MWh`) joined again. */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\/ /g, '/');

/** The bytes of the base64 attachment `filename` of `mail`. */
function attachment(mail: string, filename: string): Buffer {
  const lines = mail.split(/\r?\n/);
  const header = lines.findIndex(
    (line) => line.includes(`filename=${filename}`) || line.includes(`filename="${filename}"`),
  );
  expect(header, `attachment ${filename}`).toBeGreaterThan(-1);
  const start = lines.indexOf('', header) + 1;
  const end = lines.findIndex((line, index) => index >= start && line.startsWith('--'));
  return Buffer.from(lines.slice(start, end).join(''), 'base64');
}

test('bill a month, issue, download, send and get paid by a bank statement', async ({
  page,
  api,
}) => {
  // A run bills every contract due in October: more than one test's budget on a busy machine.
  test.slow();

  // 1. A billing run for October 2025, followed in its dialog to the end.
  await page.goto('/billing-runs');
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Bill contracts due in (month)').fill(MONTH.month);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  // Save goes on to the new run's dialog, which follows the run to its end.
  const runDialog = page.getByRole('dialog');
  await expect(runDialog.getByTestId('run-state')).toBeVisible();
  const [run] = await api.list('billing-runs', { page_size: 1 });
  expect(run?.month).toBe(MONTH.first);
  await expect(page).toHaveURL(new RegExp(`/billing-runs/${String(run?.id)}$`));
  await expect(runDialog.getByRole('status')).toContainText('remaining 0', { timeout: 90_000 });
  await runDialog.getByRole('button', { name: 'Close' }).first().click();

  // 2. The run's invoice of the contract: a draft, issued after the confirmation.
  const [contract] = await api.list('contracts', { search: CONTRACT });
  expect(contract?.contract_no).toBe(CONTRACT);
  const [invoice] = await api.list('invoices', {
    filter: `contract=${String(contract?.id)},period_from=${MONTH.first}`,
  });
  expect(invoice).toMatchObject({ state: 'draft', run: run?.id });
  await page.goto(`/invoices/${String(invoice?.id)}`);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Issue', exact: true }).click();
  const confirmation = page.getByRole('alertdialog');
  const named = /\d{10}/.exec((await confirmation.textContent()) ?? '')?.[0];
  expect(named).toMatch(/^\d{10}$/);
  await confirmation.getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(confirmation).toBeHidden();
  await expect(page.getByText(`Invoice ${named!} issued.`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel invoice', exact: true })).toBeVisible();

  // 3. The PDF: the supplier, the customer's address, the variable symbol.
  const customer = await api.get('customers', invoice?.customer);
  const addresses = await api.list('addresses', {
    filter: `customer=${String(invoice?.customer)}`,
  });
  const permanent = addresses.find((address) => address.type === 'permanent');
  expect(permanent).toBeDefined();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF', exact: true }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`invoice-${named!}.pdf`);
  const text = oneLine(await pdfText(await readFile((await pdf.path())!)));
  expect(text).toContain(`Invoice number ${named!}`);
  expect(text).toContain('Joule Energie s.r.o.');
  expect(text).toContain('27082440');
  expect(text).toContain('CZ65 0800 0000 1920 0014 5399');
  expect(text).toContain(`${String(customer?.first_name)} ${String(customer?.last_name)}`);
  expect(text).toContain(String(permanent?.street));
  expect(text).toContain(String(permanent?.city));
  expect(text).toContain(SYMBOL);

  // 4. Sent: the mail with the PDF in the customer's language (Czech) in the outbox.
  const to = String(customer?.document_email);
  expect(to).toMatch(/@example\.cz$/);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(`Invoice ${named!} sent to ${to}.`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send again', exact: true })).toBeVisible();
  let mail = '';
  await expect
    .poll(() => {
      mail = newestMailTo(to) ?? '';
      return mail.includes(`faktura-${named!}.pdf`);
    })
    .toBe(true);
  expect(mail).toContain('application/pdf');
  const mailed = oneLine(await pdfText(attachment(mail, `faktura-${named!}.pdf`)));
  expect(mailed).toMatch(new RegExp(`^Faktura .*${named!}`));
  expect(mailed).toContain('Joule Energie s.r.o.');
  expect(mailed).toContain(SYMBOL);
  expect(mailed).toContain('Kč/MWh');
  expect(mailed).toContain('měs.');
  expect(mailed).not.toContain('month');

  // 5. The sample statement imported on Incoming payments: its last credit pays the invoice.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  // From the settings menu, as people get there (a page loaded in the app, not from the server).
  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name: 'Incoming payments', exact: true }).click();
  await expect(page).toHaveURL(/\/incoming-payments(\?|$)/);
  await page.getByRole('button', { name: 'Import a bank statement', exact: true }).click();
  const importer = page.getByRole('dialog', { name: 'Import a bank statement' });
  await importer.getByLabel('Statement file (XML)').setInputFiles(SAMPLE);
  await expect(importer.getByRole('status')).toContainText('imported');
  await expect(importer.locator('[data-count="overrides.statement.refused"]')).toHaveText('1');
  await expect(
    importer
      .getByRole('row')
      .filter({ hasText: SYMBOL })
      .filter({ hasText: `Invoice ${named!}` }),
  ).toContainText(`Invoice ${named!}: paid`);
  await importer.getByRole('button', { name: 'Close' }).first().click();
  const paid = await api.get('invoices', invoice?.id);
  expect(paid).toMatchObject({ state: 'issued', payment_state: 'paid' });
  expect(paid?.paid_amount).toBe(paid?.amount_due);
});

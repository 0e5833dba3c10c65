import { readFile } from 'node:fs/promises';
import { expect, expectNoSeriousA11yViolations, test } from './test-support/fixtures';

/**
 * The months the billing test may bill, in order: it takes the first one no run has billed
 * yet, so that a retry (CI retries once) does not find its month already invoiced by the
 * failed attempt. Each has contracts due in the demo data.
 */
const BILLABLE_MONTHS = [
  { month: '2025-03', name: 'March 2025', next: '2025-04-01' },
  { month: '2025-06', name: 'June 2025', next: '2025-07-01' },
  { month: '2025-09', name: 'September 2025', next: '2025-10-01' },
] as const;

/**
 * docs/billing.md end to end on the demo data: a billing run for a month (worked by the server's
 * own worker, embedded PGlite) followed on its progress bar to the end; one of its invoices
 * issued and downloaded as a PDF carrying its number; then the reports page's billing totals
 * with that invoice, as a table, a chart on a canvas and a CSV.
 */
test('run billing for a month, open an invoice and its PDF, and report the totals', async ({
  page,
  api,
}) => {
  // A run works every contract due in the month: more than one test's budget on a busy machine.
  test.slow();

  const billed = new Set((await api.list('billing-runs', { page_size: 100 })).map((r) => r.month));
  const target = BILLABLE_MONTHS.find(({ month }) => !billed.has(`${month}-01`));
  if (!target) throw new Error('every month of BILLABLE_MONTHS has been billed already');

  // 1. "Bill contracts due in" the month: the run's dialog follows its progress.
  await page.goto('/billing-runs');
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('dialog');
  // A month picker; the API takes the month's first day.
  await form.getByLabel('Bill contracts due in (month)').fill(target.month);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  // Save goes on to the new run's dialog: its state as a badge and its progress, live.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('run-state')).toHaveText(/Planning|Running|Done/);
  // Runs are listed newest first, each by its month's name.
  const [run] = await api.list('billing-runs', { page_size: 1 });
  expect(run?.month).toBe(`${target.month}-01`);
  await expect(page).toHaveURL(new RegExp(`/billing-runs/${String(run?.id)}$`));
  await expect(page.getByRole('cell', { name: target.name }).first()).toBeAttached();
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  const status = dialog.getByRole('status');
  await expect(status).toContainText(/Done \d+ of \d+/);
  // The run ends: nothing remains, and the cancel button goes with the running state.
  await expect(status).toContainText('remaining 0', { timeout: 90_000 });
  await expect(dialog.getByRole('button', { name: 'Cancel the run' })).toBeHidden();
  await expect(dialog.getByTestId('run-state')).toHaveText('Done');
  const counts = /Done (\d+) of (\d+) \(invoiced (\d+)/.exec((await status.textContent()) ?? '');
  expect(Number(counts?.[3])).toBeGreaterThan(0);
  // Contracts that could not be billed link to their records.
  const failure = dialog.getByRole('link').first();
  if (await failure.isVisible())
    await expect(failure).toHaveAttribute('href', /^\/contracts\/\d+$/);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  // The bell says how the run ended.
  await page.getByRole('button', { name: /Notifications \(\d+\)/ }).click();
  await expect(
    page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first(),
  ).toContainText(new RegExp(`Billing run #${String(run?.id)} is done: \\d+ invoiced`));
  await page.keyboard.press('Escape');

  // 2. One of the run's invoices: issued (it gets its number), then downloaded as a PDF.
  // Invoices are listed newest first: a draft of this run.
  const [invoice] = await api.list('invoices', { filter: 'state=draft', page_size: 1 });
  expect(invoice?.period_to).toBe(target.next);
  await page.goto(`/invoices/${String(invoice?.id)}`);
  const invoiceDialog = page.getByRole('dialog');
  await expect(invoiceDialog.getByRole('columnheader', { name: 'Amount (CZK)' })).toBeVisible();
  await invoiceDialog.getByRole('button', { name: 'Issue' }).click();
  // Issuing takes a number: the confirmation names it before anything happens.
  const confirmation = page.getByRole('alertdialog');
  await expect(confirmation).toContainText(/\d{10}/);
  await confirmation.getByRole('button', { name: 'Issue' }).click();
  await expect(invoiceDialog.getByRole('button', { name: 'Cancel invoice' })).toBeVisible();
  // The newest issued invoice (newest first): this one.
  const [issued] = await api.list('invoices', { filter: 'state=issued', page_size: 1 });
  expect(issued?.id).toBe(invoice?.id);
  const number = String(issued?.number);
  expect(number).toMatch(/^\d{10}$/);
  const pdfDownload = page.waitForEvent('download');
  await invoiceDialog.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  const bytes = await readFile((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The document's title carries its number, in the customer's language.
  expect(bytes.toString('latin1')).toMatch(new RegExp(`(Invoice|Faktura) ${number}`));
  await page.keyboard.press('Escape');
  // The dialog has gone and the list is back before the menu opens over it.
  await expect(invoiceDialog).toBeHidden();
  await expect(page).toHaveURL(/\/invoices(\?|$)/);

  // 3. The reports, from the settings menu: the month's totals now hold that invoice.
  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name: 'Reports', exact: true }).click();
  await expect(page).toHaveURL(/\/reports(\?|$)/);
  await expect(page).toHaveTitle('Reports // Joule');
  await expect(page.getByRole('tab', { name: 'Billing totals', selected: true })).toBeVisible();
  await page.getByLabel('From month').fill('2025-01');
  await page.getByLabel('To month').fill('2025-12');
  const table = page.locator('table.joule-report-table');
  await expect(
    table.getByRole('row', { name: `${target.name} Energy, high tariff` }),
  ).toBeVisible();
  const chart = page.getByRole('img', { name: /Chart of billing totals/ });
  await expect(chart.locator('canvas')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toMatch(/^billing-totals-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await csvFile.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('Month,Item,Invoices,Amount (CZK)');
  expect(lines).toContainEqual(
    expect.stringMatching(new RegExp(`^${target.month},"Energy, high tariff",1,\\d+\\.\\d{2}$`)),
  );
});

/** A report reached by its address: the consumption of the demo year per distribution rate. */
test('a direct load of a report shows its table and chart', async ({ page }) => {
  await page.goto('/reports?report=consumption-by-rate');
  await expect(
    page.getByRole('tab', { name: 'Consumption by distribution rate', selected: true }),
  ).toBeVisible();
  await page.getByLabel('From month').fill('2025-01');
  await page.getByLabel('To month').fill('2025-12');
  const table = page.locator('table.joule-report-table');
  await expect(
    table.getByRole('row', { name: /^January 2025 D\w+ [\d.,]+/ }).first(),
  ).toBeVisible();
  await expect(
    page.getByRole('img', { name: /Chart of consumption per month/ }).locator('canvas'),
  ).toHaveCount(1);
  await page.getByRole('tab', { name: 'Points without a reading' }).click();
  await expect(page).toHaveURL(/report=points-without-reading/);
  await expect(page.getByLabel('Days without a reading')).toHaveValue('30');
});

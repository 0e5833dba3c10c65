import { expect, listRows, test } from './test-support/fixtures';

/**
 * A clerk's morning on our own API (docs/api.md "Bulk actions", "Saved views"): the drafts of
 * a billing run issued in one action, and a list's state kept as a named view.
 */

/**
 * Months this test may bill, in order: the first no run has billed yet (a retry finds its
 * month billed by the failed attempt). None of them is one tests/e2e/billing.spec.ts bills; in
 * each, the demo's monthly contracts started before it (about 27 of its 40) are due, and the
 * readings (from January 2025) cover their month.
 */
const RUN_MONTHS = ['2025-02-01', '2025-04-01', '2025-05-01', '2025-07-01', '2025-08-01'];

test('twelve drafts of a billing run issued in one action: the confirmation names the count', async ({
  page,
  api,
}) => {
  // A billing run over the demo's contracts, then twelve issues.
  test.slow();
  const billed = new Set((await api.list('billing-runs', { page_size: 100 })).map((r) => r.month));
  const month = RUN_MONTHS.find((candidate) => !billed.has(candidate));
  if (!month) throw new Error('every month of RUN_MONTHS has been billed already');
  const run = await api.create('billing-runs', { month });
  await expect
    .poll(
      async () =>
        (await api.list('billing-runs', { page_size: 100 })).find((row) => row.id === run.id)
          ?.state,
      { timeout: 90_000 },
    )
    .toBe('done');
  const drafts = `run=${String(run.id)},state=draft`;
  const before = await api.list('invoices', { filter: drafts, page_size: 100 });
  expect(before.length, `drafts of the run of ${month}`).toBeGreaterThanOrEqual(12);

  // Twelve drafts on a page, all selected, issued at once.
  await page.goto(`/invoices?filter=${encodeURIComponent(drafts)}&page_size=12`);
  await expect(listRows(page)).toHaveCount(12);
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  const bar = page.getByRole('toolbar', { name: 'Invoices' });
  await expect(bar.getByRole('status')).toHaveText('12 selected');
  await bar.getByRole('button', { name: 'Issue', exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  const count = 12;
  await expect(confirm).toContainText(`Issue ${String(count)} selected records (Invoices)?`);
  await confirm.getByRole('button', { name: 'Issue', exact: true }).click();
  const summary = page.getByRole('dialog', { name: 'Issue: Invoices' });
  await expect(summary.getByRole('status')).toHaveText('Issue: 12 of 12 done.');
  await expect(summary.getByRole('table')).toHaveCount(0);
  await summary.getByRole('button', { name: 'Close' }).last().click();

  // Twelve fewer drafts, each issued with a number.
  const after = await api.list('invoices', { filter: drafts, page_size: 100 });
  expect(after).toHaveLength(before.length - 12);
  const issued = await api.list('invoices', {
    filter: `run=${String(run.id)},state=issued`,
    page_size: 100,
  });
  expect(issued).toHaveLength(12);
  expect(
    issued.every((invoice) => typeof invoice.number === 'string' && invoice.number !== ''),
  ).toBe(true);
});

test('save "Overdue Prague companies" (a filter, a search and a sort), reload, pick it, open it by its URL', async ({
  page,
}) => {
  const name = `Overdue Prague companies ${Date.now() % 1e6}`;
  await page.goto('/customers?search=Praha&filter=type%3Dcompany&sort=-customer_no');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('Praha');
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByLabel('Save this view as').fill(name);
  await page.getByRole('button', { name: 'Save view' }).click();
  await expect(page).toHaveURL(/[?&]view=\d+/);
  const id = new URL(page.url()).searchParams.get('view');

  await page.goto('/customers');
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page).toHaveURL(new RegExp(`view=${String(id)}`));
  const picked = new URL(page.url()).searchParams;
  expect(picked.get('filter')).toBe('type=company');
  expect(picked.get('sort')).toBe('-customer_no');
  expect(picked.get('search')).toBe('Praha');
  await expect(page.getByRole('button', { name: `Views: ${name}` })).toBeVisible();

  await page.goto(`/customers?view=${String(id)}`);
  await expect(page).toHaveURL(/filter=type%3Dcompany|filter=type=company/);
  await expect(page).toHaveURL(/sort=-customer_no/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('Praha');
});

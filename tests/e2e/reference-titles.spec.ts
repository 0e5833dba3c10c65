import { clerk } from './test-support/helpers';
import { expect, listRows, test } from './test-support/fixtures';

/**
 * docs/product.md: the clerk (CUSTOMERS, CONTRACTS, POINTS) opens a point's
 * specification and sees the tariff device, distributor and main fuse by name — resources
 * the clerk may not list — and picks another fuse among their titles.
 */
test.use({ account: clerk });

test('the clerk sees and picks a specification’s references by name', async ({ page, api }) => {
  const specs = await api.list('specifications', { page_size: 200 });
  const spec = specs.find(
    (row) =>
      row.tariff_device !== null && row.energy_distributor !== null && row.main_fuse !== null,
  )!;
  expect(spec).toBeDefined();
  const points = await api.list('points', { page_size: 9999 });
  const point = points.find((row) => row.id === spec.point)!;
  // The picker offers the fuses of the specification's phases (x-reference-filter).
  const fuses = await api.list('fuses', {
    page_size: 9999,
    filter: `phases=${String(spec.phases)}`,
  });
  const other = fuses.find((fuse) => fuse.id !== spec.main_fuse)!;

  await page.goto(`/points?search=${String(point.ean)}`);
  await expect(listRows(page)).toHaveCount(1);
  await listRows(page).first().click();
  const pointDialog = page.getByRole('dialog');
  await expect(pointDialog).toBeVisible();
  // The point's specifications are a timeline (overrides/points): each opens its dialog.
  const specItem = pointDialog
    .getByTestId('specifications-timeline')
    .getByRole('listitem')
    .filter({ hasText: String(spec.valid_from).slice(0, 4) });
  await specItem
    .first()
    .getByRole('button', { name: /Open the specification/ })
    .click();

  const dialog = page.getByRole('dialog').last();
  const device = dialog.getByRole('combobox', { name: 'Tariff device' });
  const distributor = dialog.getByRole('combobox', { name: 'Distributor' });
  const fuse = dialog.getByRole('combobox', { name: 'Main fuse' });
  await expect(device).toHaveValue(String(spec.tariff_device_title));
  await expect(distributor).toHaveValue(String(spec.energy_distributor_title));
  await expect(fuse).toHaveValue(String(spec.main_fuse_title));
  for (const input of [device, distributor, fuse]) await expect(input).not.toHaveValue(/^#\d+$/);

  await fuse.fill(String(other.text));
  await page.getByRole('option', { name: String(other.text), exact: true }).click();
  await expect(fuse).toHaveValue(String(other.text));
});

test('a page of contracts names its customers with no request per row', async ({ page }) => {
  const perRow: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/v1\/[a-z]+\/(\d+\/|titles\/)/.test(request.url())) perRow.push(request.url());
  });
  await page.goto('/contracts');
  await expect(listRows(page)).toHaveCount(25);
  await expect(listRows(page).first()).not.toContainText(/#\d+/);
  expect(perRow).toEqual([]);
});

/**
 * Readings to check (docs/billing.md "Readings to check"): the readings import's preview
 * flags, before anything is stored, a time that is no date (`32.13.2026`) as refused and an
 * implausible jump as to check; imported, the jump is stored flagged, listed under "Readings
 * to check" (the main menu's entry), and confirmed there (the `confirm` bulk action, after
 * its confirmation) it leaves the list.
 */
import type { Page } from '@playwright/test';
import { expect, listRows, test } from './test-support/fixtures';

const DAY = 86_400_000;

async function chooseFile(page: Page, text: string) {
  await page.locator('input[type=file]').setInputFiles({
    name: 'jump.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  });
}

test('the preview flags 32.13.2026 and a jump before storing; the jump is confirmed from the readings to check', async ({
  page,
  api,
}) => {
  // A demo meter read daily through 2025 that no other test writes to.
  const [device] = await api.list('tariffdevices', { search: 'EM-2400003' });
  const serial = String(device!.serial_number);
  const readings = { filter: `tariff_device=${String(device!.id)}`, sort: '-timestamp_received' };
  const [last] = await api.list('measurements', { ...readings, page_size: 1 });
  const at = new Date(Date.parse(String(last!.timestamp_received)) + DAY).toISOString();
  const [high, low, production] = ['obis_181', 'obis_182', 'obis_280'].map((field) =>
    Number(last![field]),
  ) as [number, number, number];
  // A day after the last reading, HT up by 90 MWh: beyond the meter's history and its fuse.
  const jump = (high + 90_000).toFixed(3);
  const file = [
    'serial_number;timestamp_received;obis_181;obis_182;obis_280',
    `${serial};32.13.2026 10:00;${high.toFixed(3)};${low.toFixed(3)};${production.toFixed(3)}`,
    `${serial};${at};${jump};${low.toFixed(3)};${production.toFixed(3)}`,
  ].join('\r\n');

  await page.goto('/tariffdevices');
  await page.getByRole('button', { name: 'Import readings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import readings from a file' });
  await chooseFile(page, file);
  const preview = dialog.getByRole('table', { name: 'The first rows as they will be sent' });
  const rows = preview.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(
    dialog.getByRole('status').filter({ hasText: 'checked before importing' }),
  ).toHaveText('All 2 rows checked before importing: 1 refused, 1 to check.');
  await expect(rows.nth(0)).toContainText('32.13.2026');
  await expect(rows.nth(0).locator('td').last()).toContainText('Refused');
  await expect(rows.nth(1).locator('td').last()).toContainText('To check');
  // Nothing is stored by the preview.
  expect((await api.list('measurements', { ...readings, page_size: 1 }))[0]!.id).toBe(last!.id);

  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('The import is finished.')).toBeVisible();
  const [stored] = await api.list('measurements', { ...readings, page_size: 1 });
  expect(stored).toMatchObject({ obis_181: jump, to_check: true });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', {
      name: 'Readings to check',
    })
    .click();
  await expect(page).toHaveURL(/\/measurements\?filter=to_check%3Dtrue/);
  const flagged = listRows(page).filter({ hasText: serial });
  await expect(flagged).toHaveCount(1);
  await flagged.getByRole('checkbox').check();
  const bar = page.getByRole('toolbar', { name: 'Measurements' });
  await expect(bar.getByRole('status')).toHaveText('1 selected');
  await bar.getByRole('button', { name: 'Confirm', exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Confirm 1 selected record (Measurements)?');
  await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
  const summary = page.getByRole('dialog', { name: 'Confirm: Measurements' });
  await expect(summary.getByRole('status')).toHaveText('Confirm: 1 of 1 done.');
  await summary.getByRole('button', { name: 'Close' }).last().click();
  await expect(listRows(page).filter({ hasText: serial })).toHaveCount(0);
  expect((await api.list('measurements', { ...readings, page_size: 1 }))[0]).toMatchObject({
    id: stored!.id,
    to_check: false,
  });
});

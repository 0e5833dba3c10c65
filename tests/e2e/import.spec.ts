import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './test-support/fixtures';

/**
 * docs/product.md: a CSV with good, repeated and bad rows through the
 * tariff devices page's "Import readings", against the real server; then the same file again.
 */

const DAY = 86_400_000;

/** Czech style: `;` between fields, decimal commas. */
function csv(rows: readonly (readonly string[])[]): string {
  return ['Výrobní číslo;Čas odečtu;VT;NT;Výroba', ...rows.map((row) => row.join(';'))].join(
    '\r\n',
  );
}

const comma = (value: number) => value.toFixed(3).replace('.', ',');

async function openImport(page: Page) {
  await page.goto('/tariffdevices');
  await page.getByRole('button', { name: 'Import readings' }).click();
  return page.getByRole('dialog', { name: 'Import readings from a file' });
}

async function chooseFile(page: Page, text: string) {
  await page.locator('input[type=file]').setInputFiles({
    name: 'readings.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  });
}

test('imports good rows, counts repeated ones unchanged, lists and downloads the refused', async ({
  page,
  api,
}, info) => {
  const [device] = await api.list('tariffdevices', { page_size: 1, sort: 'id' });
  const serial = String(device!.serial_number);
  const [last] = await api.list('measurements', {
    filter: `tariff_device=${String(device!.id)}`,
    sort: '-timestamp_received',
    page_size: 1,
  });
  const lastAt = Date.parse(String(last!.timestamp_received));
  const [high, low, production] = ['obis_181', 'obis_182', 'obis_280'].map((field) =>
    Number(last![field]),
  ) as [number, number, number];
  // Two days after the last stored reading (still in the past: it is the demo's year).
  const at = (days: number) => new Date(lastAt + days * DAY).toISOString();
  const file = csv([
    [serial, at(1), comma(high + 1.5), comma(low + 1), comma(production)], // created
    [serial, at(2), comma(high + 2.5), comma(low + 2), comma(production)], // created
    [serial, at(2), comma(high + 2.5), comma(low + 2), comma(production)], // unchanged
    ['NO-SUCH-METER', at(1), '1', '1', '0'], // refused: no device
    [serial, at(3), comma(high), comma(low + 3), comma(production)], // refused: HT falls
  ]);

  const dialog = await openImport(page);
  await chooseFile(page, file);
  await expect(dialog.getByText('readings.csv:', { exact: false })).toContainText('semicolons');
  await expect(dialog.getByRole('listitem')).toContainText([
    'Serial number ← „Výrobní číslo“',
    'Time ← „Čas odečtu“',
    'HT 1.8.1 (kWh) ← „VT“',
    'LT 1.8.2 (kWh) ← „NT“',
    'Production 2.8.0 (kWh) ← „Výroba“',
  ]);
  const preview = dialog.getByRole('table', { name: 'The first rows as they will be sent' });
  await expect(preview.locator('tbody tr')).toHaveCount(5);
  await expect(preview.locator('tbody tr').first()).toContainText(`Serial number ${serial}`);
  await expectNoSeriousA11yViolations(page, '.bp6-dialog');

  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('The import is finished.')).toBeVisible();
  const count = (name: string) => dialog.locator(`[data-count="overrides.import.${name}"]`);
  await expect(count('created')).toHaveText('2');
  await expect(count('unchanged')).toHaveText('1');
  await expect(count('refused')).toHaveText('2');
  const refused = dialog.getByRole('table', { name: 'Refused rows' });
  await expect(refused.locator('tbody tr')).toHaveCount(2);
  await expect(refused.locator('tbody tr').nth(0)).toContainText(
    'Výrobní číslo: No tariff device has this serial number.',
  );
  await expect(refused.locator('tbody tr').nth(1)).toContainText(
    'VT: The register cannot decrease: an earlier reading of this device has',
  );
  await expectNoSeriousA11yViolations(page, '.bp6-dialog');
  const path = info.outputPath('import-light.png');
  await page.screenshot({ path, fullPage: true });
  await info.attach('import-light', { path, contentType: 'image/png' });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download refused rows (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('readings-refused-readings.csv');
  const saved = (await readFile(await download.path())).toString('utf8');
  const lines = saved.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('Row;Výrobní číslo;Čas odečtu;VT;NT;Výroba;Reason');
  expect(lines[1]).toBe(
    `5;NO-SUCH-METER;${at(1)};1;1;0;Výrobní číslo: No tariff device has this serial number.`,
  );
  expect(lines[2]).toMatch(new RegExp(`^6;${serial};`));
  expect(lines).toHaveLength(3);

  // The readings are stored: the newest of the device is the second row.
  const [newest] = await api.list('measurements', {
    filter: `tariff_device=${String(device!.id)}`,
    sort: '-timestamp_received',
    page_size: 1,
  });
  expect(newest!.timestamp_received).toBe(at(2).replace('.000Z', 'Z'));

  // The same file again changes nothing.
  await dialog.getByRole('button', { name: 'Choose another file' }).click();
  await chooseFile(page, file);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('The import is finished.')).toBeVisible();
  await expect(count('created')).toHaveText('0');
  await expect(count('unchanged')).toHaveText('3');
  await expect(count('refused')).toHaveText('2');
});

test('the import dialog in Dark Blue', async ({ page }, info) => {
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'joule.settings',
      JSON.stringify({ theme: 'darkBlue', language: 'en' }),
    ),
  );
  const dialog = await openImport(page);
  await chooseFile(page, csv([['EM-1', '2025-01-02 06:00', '1 234,5', '17', '0']]));
  await expect(
    dialog.getByRole('table', { name: 'The first rows as they will be sent' }),
  ).toContainText('1,234.5');
  await expect(page.locator('html')).toHaveClass(/joule-theme-dark-blue/);
  await expectNoSeriousA11yViolations(page, '.bp6-dialog');
  const path = info.outputPath('import-dark-blue.png');
  await page.screenshot({ path, fullPage: true });
  await info.attach('import-dark-blue', { path, contentType: 'image/png' });
});

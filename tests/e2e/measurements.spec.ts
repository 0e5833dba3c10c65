import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './test-support/fixtures';
import { admin } from './test-support/helpers';

/**
 * docs/product.md against the real server: a reading added
 * in the device dialog shows in the table and the chart without a reload, a lower one is
 * refused beside its field, the chart switches between day, week and month, the panel passes
 * axe, and a screenshot of it in Light and Dark Blue is kept under test-results/.
 */

const DAY = 86_400_000;

/** A token making this run's device unique. */
const key = String(Date.now()).slice(-8);
const serial = `E2E-M-${key}`;

async function token(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/v1/auth/jwt/create/', { data: admin });
  return ((await answer.json()) as { access: string }).access;
}

/** A device with readings at noon of the three days before today (HT 1000, 1010, 1300 kWh). */
async function deviceWithReadings(request: APIRequestContext): Promise<void> {
  const headers = { Authorization: `Bearer ${await token(request)}` };
  const created = await request.post('/api/v1/tariffdevices/', {
    headers,
    data: { serial_number: serial, name: `Panel ${key}`, calibration_date: '2020-01-15' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  const noon = (days: number) => {
    const date = new Date(Date.now() - days * DAY);
    date.setUTCHours(11, 0, 0, 0);
    return date.toISOString();
  };
  const readings = [
    [3, '1000.000', '500.000', '0.000'],
    [2, '1010.000', '504.000', '1.000'],
    [1, '1300.000', '520.000', '2.500'],
  ].map(([days, high, low, production]) => ({
    tariff_device: id,
    timestamp_received: noon(Number(days)),
    obis_181: high,
    obis_182: low,
    obis_280: production,
  }));
  const bulk = await request.post('/api/v1/measurements/bulk/', { headers, data: readings });
  expect(await bulk.json()).toMatchObject({ created: 3, failed: 0 });
}

/** Opens the device's dialog from its list and returns the measurements panel. */
async function openPanel(page: Page): Promise<{ dialog: Locator; panel: Locator }> {
  await page.goto(`/tariffdevices?search=${serial}`);
  await page.getByRole('row', { name: new RegExp(serial) }).click();
  const dialog = page.getByRole('dialog');
  const panel = dialog.getByTestId('measurements-panel');
  await expect(panel.getByRole('table', { name: 'Readings, newest first' })).toBeVisible();
  await expect(panel.locator('.joule-consumption-chart canvas').first()).toBeVisible();
  return { dialog, panel };
}

/** How many times uPlot has drawn the chart (the chart counts its draws). */
async function draws(panel: Locator): Promise<number> {
  return Number((await panel.locator('.joule-consumption-chart').getAttribute('data-draws')) ?? 0);
}

test.beforeAll(async ({ request }) => {
  await deviceWithReadings(request);
});

test('add a reading, see it in table and chart; a lower one is refused beside its field', async ({
  page,
}) => {
  const { panel } = await openPanel(page);
  const table = panel.getByRole('table', { name: 'Readings, newest first' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('1,300.000 kWh');
  await expect(rows.first()).toContainText('306.000 kWh'); // 290 HT + 16 LT since the day before
  await expect(panel.getByText('Past due')).toBeVisible();

  // The form starts from the newest reading; the time is now.
  const high = panel.getByLabel('High tariff (HT) (kWh)');
  await expect(high).toHaveValue('1300.000');
  await expect(panel.getByLabel('Low tariff (LT) (kWh)')).toHaveValue('520.000');
  const drawn = await draws(panel);
  // Ten minutes ago: the next reading, at the form's default time (now), comes after it.
  const earlier = await page.evaluate(() => {
    const at = new Date(Date.now() - 10 * 60_000);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  });
  await panel.getByLabel('Read at').fill(earlier);
  await high.fill('1312.5');
  await panel.getByRole('button', { name: 'Add reading' }).click();
  await expect(panel.getByRole('status')).toHaveText('The reading was added.');
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText('1,312.500 kWh');
  await expect(rows.first()).toContainText('12.500 kWh');
  // The chart asked again and drew today's consumption.
  await expect.poll(() => draws(panel)).toBeGreaterThan(drawn);
  await panel.getByText('Consumption per bucket (table)').click();
  const buckets = panel.getByRole('table', { name: 'Consumption per bucket (table)' });
  await expect(buckets.locator('tbody tr').last()).toContainText('12.5 kWh');

  // Lower than the reading before: the server's message beside the field, the input kept.
  await expect(high).toHaveValue('1312.500');
  await high.fill('5');
  await panel.getByRole('button', { name: 'Add reading' }).click();
  // The API writes the number in the request's language (en-US: 1,312.5).
  const refusal = panel.getByText(
    /^The register cannot decrease: an earlier reading of this device has 1,312\.50* kWh\.$/,
  );
  await expect(refusal).toBeVisible();
  const group = panel.locator('.bp6-form-group').filter({ hasText: 'High tariff (HT) (kWh)' });
  await expect(group).toContainText('The register cannot decrease');
  await expect(high).toHaveValue('5');
  await expect(high).toHaveAttribute('aria-invalid', 'true');
  await expect(rows).toHaveCount(4);
});

test('a demo meter’s panel opens on its readings, in Czech numbers, with a kWh/MWh switch', async ({
  page,
}) => {
  // Demo meters were read daily through 2025 (server/seed/points.ts): "the last 30 days" of
  // today would be empty. EM-2400002 is a demo meter no other test writes to.
  await page.addInitScript(() => {
    window.localStorage.setItem(
      'joule.settings',
      JSON.stringify({ theme: 'light', language: 'cs' }),
    );
  });
  await page.goto('/tariffdevices?search=EM-2400002');
  await page.getByRole('row', { name: /EM-2400002\b/ }).click();
  const panel = page.getByRole('dialog').getByTestId('measurements-panel');
  const readings = panel.getByRole('table', { name: 'Odečty, nejnovější první' });
  await expect(readings.locator('tbody tr').first()).toContainText('31. 12. 2025');
  await expect(readings.locator('tbody tr').first()).toContainText(/\d,\d{3} kWh/);
  const chart = panel.locator('.joule-consumption-chart');
  await expect(chart).toHaveAttribute('data-buckets', '30');
  await expect(panel.getByLabel('Období')).toHaveValue('latest');
  await expect(panel.getByText('V tomto období žádná spotřeba.')).toHaveCount(0);
  await panel.getByText('Spotřeba po úsecích (tabulka)').click();
  const buckets = panel.getByRole('table', { name: 'Spotřeba po úsecích (tabulka)' });
  await expect(buckets.locator('tbody tr')).toHaveCount(30);
  await expect(buckets.locator('tbody tr').last()).toContainText('31. 12. 2025');
  await expect(buckets.locator('tbody tr').last()).toContainText(/\d kWh/);
  // The form starts from the newest reading as Czech writes numbers.
  await expect(panel.getByLabel('Vysoký tarif (VT) (kWh)')).toHaveValue(/^\d+,\d{3}$/);
  await panel.getByRole('button', { name: 'MWh', exact: true }).click();
  await expect(buckets.locator('tbody tr').last()).toContainText(/ MWh/);
  await expect(readings.locator('tbody tr').first()).toContainText(/\d,\d{6} MWh/);
});

test('the chart switches between day, week and month', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/consumption/')) asked.push(url.searchParams.get('bucket') ?? '');
  });
  const { panel } = await openPanel(page);
  const chart = panel.locator('.joule-consumption-chart');
  await expect(chart).toHaveAttribute('data-bucket', 'day');
  await expect(chart).toHaveAttribute('data-buckets', '30');
  for (const [label, bucket] of [
    ['Week', 'week'],
    ['Month', 'month'],
    ['Day', 'day'],
  ] as const) {
    const button = panel.getByRole('button', { name: label, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(chart).toHaveAttribute('data-bucket', bucket);
    await expect(panel.getByRole('img', { name: `Consumption per ${bucket}` })).toBeVisible();
  }
  // Each bucket was aggregated by the server (the day chart again from the cache).
  expect(asked.slice(0, 3)).toEqual(['day', 'week', 'month']);
  await panel.getByLabel('Period').selectOption({ label: 'Last year' });
  await expect(chart).toHaveAttribute('data-buckets', /^36[56]$/);
});

for (const theme of [
  { name: 'light', setting: 'light' },
  { name: 'dark-blue', setting: 'darkBlue' },
] as const) {
  test(`the panel passes axe in ${theme.name} and is kept as a screenshot`, async ({
    page,
  }, info) => {
    await page.addInitScript((setting) => {
      window.localStorage.setItem(
        'joule.settings',
        JSON.stringify({ theme: setting, language: 'en' }),
      );
    }, theme.setting);
    const { dialog, panel } = await openPanel(page);
    await panel.getByText('Consumption per bucket (table)').click();
    await expectNoSeriousA11yViolations(page, '[data-testid="measurements-panel"]');
    await panel.scrollIntoViewIfNeeded();
    const path = info.outputPath(`measurements-panel-${theme.name}.png`);
    await dialog.screenshot({ path });
    await info.attach(`measurements-panel-${theme.name}`, { path, contentType: 'image/png' });
  });
}

import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test, type Api } from './test-support/fixtures';
import { relatedList } from './test-support/helpers';

/**
 * docs/product.md against the real server: a new
 * specification from a chosen day closes the one in force the day before and the timeline
 * shows both; a payment added in the contract dialog shows with the balance after it; the
 * bespoke screens pass axe and are kept as screenshots in Light and Dark Blue under
 * test-results/ (the measurements panel and the import dialog by their own specs too).
 */

/** A token making this run's rows unique. */
const key = String(Date.now()).slice(-7);

/** An 18-digit EAN with its GS1 check digit, from 17 digits. */
function ean(first17: string): string {
  const sum = [...first17].reduce(
    (total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1),
    0,
  );
  return `${first17}${(10 - (sum % 10)) % 10}`;
}

/** A valid IČO from 7 digits (mod 11). */
function ico(first7: string): string {
  const sum = [...first7].reduce((total, digit, index) => total + Number(digit) * (8 - index), 0);
  return `${first7}${(11 - (sum % 11)) % 10}`;
}

interface Whole {
  customer: number;
  contract: number;
  point: number;
}

let made: Whole | undefined;

/** A customer with a contract, a payment, and a point with a specification in force. */
async function whole(api: Api): Promise<Whole> {
  if (made) return made;
  const customer = await api.create('customers', {
    customer_no: `W${key}`,
    type: 'company',
    company_name: `Celek ${key} s.r.o.`,
    crn: ico(key),
  });
  const contract = await api.create('contracts', {
    contract_no: `W-${key}`,
    customer: customer.id,
    valid_from: '2024-01-01',
    state: 'active',
  });
  await api.create('payments', {
    contract: contract.id,
    type: 'advance',
    amount: '1500.10',
    ts: '2025-01-15',
  });
  const point = await api.create('points', {
    ean: ean(`8591824${key}000`.slice(0, 17)),
    name: `Místo ${key}`,
    street: 'Dlouhá 1',
    zip_code: '110 00',
    city: 'Praha',
    contract: contract.id,
  });
  await api.create('specifications', {
    point: point.id,
    state: 'active',
    valid_from: '2024-01-01',
    distribution_tariff_code: 'D02d',
    phases: '3',
    production_type: 'pv',
    producer_name: 'Slunce a.s.',
    installed_power: '9.90',
  });
  made = {
    customer: customer.id as number,
    contract: contract.id as number,
    point: point.id as number,
  };
  return made;
}

test.describe.configure({ mode: 'serial' });

test('a new specification from a chosen day closes the old one in the timeline', async ({
  page,
  api,
}) => {
  const { point } = await whole(api);
  await page.goto(`/points/${point}`);
  const timeline = page.getByTestId('specifications-timeline');
  const items = timeline.getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('from 1/1/2024');
  await expect(items.first()).toContainText('In force');
  await expect(items.first()).toContainText('Production');

  await timeline.getByLabel('New specification from').fill('2030-01-01');
  await expect(timeline).toContainText(
    'closes the specification in force the day before (12/31/2029)',
  );
  await timeline.getByRole('button', { name: 'Copy the one in force from this day' }).click();
  const create = page.getByRole('dialog').filter({ has: page.locator('input[id$="valid_from"]') });
  await expect(create.locator('input[id$="valid_from"]')).toHaveValue(/2030|1\/1/);
  await create.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(create).toBeHidden();

  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('from 1/1/2030');
  await expect(items.nth(1)).toContainText('1/1/2024 – 12/31/2029');
  await expect(items.nth(1)).toContainText('In force');
  const stored = await api.list('specifications', { filter: `point=${point}`, sort: 'valid_from' });
  expect(stored.map((row) => [row.valid_from, row.valid_to])).toEqual([
    ['2024-01-01', '2029-12-31'],
    ['2030-01-01', null],
  ]);
});

test('a payment added in the contract dialog shows with the balance after it', async ({
  page,
  api,
}) => {
  const { contract } = await whole(api);
  await page.goto(`/contracts/${contract}`);
  const payments = page.getByTestId('contract-payments');
  await expect(payments.getByTestId('balance')).toHaveText('Balance: CZK 1,500.10');
  await payments.getByRole('button', { name: /New/ }).click();
  const dialog = page.getByRole('dialog', { name: 'New payment' });
  await dialog.getByLabel('Type').selectOption({ label: 'Advance payment' });
  await dialog.getByLabel(/^Amount\s*\*?$/).fill('0.20');
  await dialog.getByRole('textbox', { name: 'Date', exact: true }).fill('2025-02-15');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(payments.getByTestId('balance')).toHaveText('Balance: CZK 1,500.30');
  const newest = payments.locator('tbody tr[data-index]').first();
  await expect(newest).toContainText('CZK 1,500.30');
  await expect(payments.locator('tbody tr[data-index]').nth(1)).toContainText('CZK 1,500.10');
});

/** Opens `url` and answers the element to audit and photograph. */
type Screen = (page: Page, whole: Whole) => Promise<Locator>;

const screens: Record<string, Screen> = {
  customer: async (page, { customer }) => {
    await page.goto(`/customers/${customer}`);
    const dialog = page.getByRole('dialog');
    const row = (await relatedList(dialog, 'Contracts')).getByRole('row', { name: `W-${key}` });
    await expect(row).toContainText('in force');
    await row.scrollIntoViewIfNeeded();
    return dialog;
  },
  'contract-payments': async (page, { contract }) => {
    await page.goto(`/contracts/${contract}`);
    const payments = page.getByTestId('contract-payments');
    await expect(payments.getByTestId('balance')).toContainText('Balance');
    await payments.scrollIntoViewIfNeeded();
    return page.getByRole('dialog');
  },
  'specification-timeline': async (page, { point }) => {
    await page.goto(`/points/${point}`);
    const timeline = page.getByTestId('specifications-timeline');
    await expect(timeline.getByRole('listitem').first()).toBeVisible();
    await timeline.scrollIntoViewIfNeeded();
    return page.getByRole('dialog');
  },
  roles: async (page) => {
    await page.goto('/roles');
    await page.getByRole('button', { name: 'New' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('group', { name: 'Administration' })).toBeVisible();
    return dialog;
  },
  'fuse-range': async (page) => {
    await page.goto('/fuses');
    await page.getByRole('button', { name: 'New' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Main fuse, 1 phase: From (A)').fill('16');
    await dialog.getByLabel('Main fuse, 1 phase: To (A)').fill('25');
    return dialog;
  },
  'measurements-panel': async (page) => {
    await page.goto('/tariffdevices');
    await page.locator('tbody tr[data-index]').first().click();
    const panel = page.getByTestId('measurements-panel');
    await expect(panel).toBeVisible();
    return page.getByRole('dialog');
  },
  import: async (page) => {
    await page.goto('/tariffdevices');
    await page.getByRole('button', { name: 'Import readings' }).click();
    // Before a file is chosen ("No file chosen" must be readable too), then with one.
    await expect(page.getByRole('dialog')).toContainText('Choose a file');
    await expectNoSeriousA11yViolations(page);
    await page.locator('input[type=file]').setInputFiles({
      name: 'readings.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('device;time;HT;LT;production\nEM-1;2025-01-01 08:00;1;2;0\n', 'utf8'),
    });
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('readings.csv');
    return dialog;
  },
};

for (const theme of [
  { name: 'light', setting: 'light', dark: false },
  { name: 'dark-blue', setting: 'darkBlue', dark: true },
] as const) {
  for (const [name, open] of Object.entries(screens)) {
    test(`${name} passes axe in ${theme.name} and is kept as a screenshot`, async ({
      page,
      api,
    }, info) => {
      await page.addInitScript((setting) => {
        window.localStorage.setItem(
          'joule.settings',
          JSON.stringify({ theme: setting, language: 'en' }),
        );
      }, theme.setting);
      const target = await open(page, await whole(api));
      const html = expect(page.locator('html'));
      if (theme.dark) await html.toHaveClass(/joule-theme-dark-blue/);
      else await html.not.toHaveClass(/joule-theme-dark/);
      await expectNoSeriousA11yViolations(page, '[role="dialog"]');
      const path = info.outputPath(`${name}-${theme.name}.png`);
      await target.screenshot({ path });
      await info.attach(`${name}-${theme.name}`, { path, contentType: 'image/png' });
    });
  }
}

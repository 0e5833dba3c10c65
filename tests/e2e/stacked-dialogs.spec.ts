import { expect, listRows, test } from './test-support/fixtures';
import type { Page } from '@playwright/test';

/**
 * Stacked dialogs (docs/product.md §2 "Screen contents"): a dialog opened from another says
 * where it came from in a breadcrumb and adds no backdrop of its own; a point has one title
 * everywhere (`EAN – name`); "Save and continue" takes a new point on to its
 * specifications; the History button of a dialog's header lists the row's changes with its
 * children's.
 */

/** A valid EAN from 17 digits (GS1 check digit, server rule `eanValidator`). */
function ean(first17: string): string {
  const sum = [...first17].reduce(
    (total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1),
    0,
  );
  return `${first17}${(10 - (sum % 10)) % 10}`;
}

/** Digits making this run's rows unique. */
function uniqueDigits(length: number): string {
  return String(Date.now() * 1000 + Math.floor(Math.random() * 1000)).slice(-length);
}

/** How many overlay backdrops darken the screen (a transparent one does not). */
async function darkBackdrops(page: Page): Promise<number> {
  return page
    .locator('.bp6-overlay-backdrop')
    .evaluateAll(
      (backdrops) =>
        backdrops.filter(
          (backdrop) => getComputedStyle(backdrop).backgroundColor !== 'rgba(0, 0, 0, 0)',
        ).length,
    );
}

test('a point over its contract: a breadcrumb, one backdrop, one title everywhere', async ({
  page,
  api,
}) => {
  const key = uniqueDigits(9);
  const [contract] = await api.list('contracts', { page_size: 1 });
  const point = await api.create('points', {
    ean: ean(`85918249${key}`),
    name: `Dílna ${key}`,
    street: 'Dlouhá 1',
    zip_code: '110 00',
    city: 'Praha',
    contract: contract!.id,
  });
  const spec = await api.create('specifications', {
    point: point.id,
    state: 'active',
    valid_from: '2024-01-01',
    distribution_tariff_code: 'D02d',
    phases: '3',
  });
  const title = `${String(point.ean)} – Dílna ${key}`;
  try {
    await page.goto(`/contracts/${String(contract!.id)}/points/${String(point.id)}`);
    const dialogs = page.getByRole('dialog');
    await expect(dialogs).toHaveCount(2);
    const pointDialog = dialogs.last();
    await expect(pointDialog.getByRole('heading', { level: 2 })).toHaveText(
      `Consumption point: ${title}`,
    );
    const trail = pointDialog.getByRole('navigation', { name: 'Opened from' });
    await expect(trail).toHaveText(`Contract ${String(contract!.contract_no)}`);
    // One backdrop for the stack, however deep.
    expect(await darkBackdrops(page)).toBe(1);

    // The contract's list of points names it the same way.
    await expect(dialogs.first().getByRole('row', { name: title, exact: true })).toBeVisible();

    // A third level: the specification names its point the same way again.
    await pointDialog
      .getByTestId('specifications-timeline')
      .getByRole('button', { name: /Open the specification/ })
      .first()
      .click();
    await expect(dialogs).toHaveCount(3);
    const specDialog = dialogs.last();
    await expect(specDialog.getByRole('navigation', { name: 'Opened from' })).toHaveText(
      new RegExp(`Contract ${String(contract!.contract_no)}.*Consumption point ${title}`),
    );
    await expect(specDialog.getByRole('combobox', { name: 'Consumption point' })).toHaveValue(
      title,
    );
    expect(await darkBackdrops(page)).toBe(1);
    await specDialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialogs).toHaveCount(2);

    // The crumb goes back to the contract's dialog.
    await trail.getByRole('link', { name: `Contract ${String(contract!.contract_no)}` }).click();
    await expect(dialogs).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`/contracts/${String(contract!.id)}$`));

    // The points list writes the title as its row name too.
    await page.goto(`/points?search=${String(point.ean)}`);
    await expect(listRows(page)).toHaveCount(1);
    await expect(page.getByRole('row', { name: title, exact: true })).toBeVisible();
  } finally {
    await api.remove('specifications', spec.id);
    await api.remove('points', point.id);
  }
});

test('"Save and continue" takes a new point on to its specifications', async ({ page, api }) => {
  const key = uniqueDigits(9);
  const code = ean(`85918248${key}`);
  await page.goto('/points');
  await page.getByRole('button', { name: 'New consumption point' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('EAN').fill(code);
  await dialog.getByLabel(/^Name/).fill(`Sklad ${key}`);
  await dialog.getByLabel(/^Street/).fill('Krátká 2');
  await dialog.getByLabel(/^ZIP code/).fill('602 00');
  await dialog.getByLabel(/^City/).fill('Brno');
  // "Save" alone would close the dialog; a record with related lists offers to go on.
  await dialog.getByRole('button', { name: 'Save and continue' }).click();
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(
    `Consumption point: ${code} – Sklad ${key}`,
  );
  await expect(page).toHaveURL(/\/points\/\d+$/);
  await expect(dialog.getByTestId('specifications-timeline')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /New specification/ }).first()).toBeVisible();
  const [created] = await api.list('points', { search: code });
  await api.remove('points', created!.id);
});

test('History opens from the header and includes the point’s specifications', async ({
  page,
  api,
}) => {
  const key = uniqueDigits(9);
  const point = await api.create('points', {
    ean: ean(`85918247${key}`),
    name: `Garáž ${key}`,
    street: 'Dlouhá 3',
    zip_code: '110 00',
    city: 'Praha',
  });
  const spec = await api.create('specifications', {
    point: point.id,
    state: 'active',
    valid_from: '2024-01-01',
    distribution_tariff_code: 'D02d',
    phases: '1',
  });
  await api.patch('specifications', spec.id, { distribution_tariff_code: 'D25d' });
  const title = `${String(point.ean)} – Garáž ${key}`;
  try {
    await page.goto(`/points/${String(point.id)}`);
    const dialog = page.getByRole('dialog', { name: `Consumption point: ${title}` });
    await dialog.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: `History: ${title}` });
    const entries = history.getByRole('listitem');
    await expect(entries).toHaveCount(3);
    // Newest first: the specification's change and creation, each named, then the point's.
    await expect(entries.nth(0).getByRole('heading')).toHaveText(/^Specification /);
    await expect(entries.nth(0)).toContainText('D02d');
    await expect(entries.nth(0)).toContainText('D25d');
    await expect(entries.nth(1).getByRole('heading')).toHaveText(/^Specification /);
    await expect(entries.nth(2).getByRole('heading')).toHaveCount(0);
    await expect(entries.nth(2)).toContainText(`Garáž ${key}`);
    await history.getByRole('button', { name: 'Close' }).click();
    await expect(history).toHaveCount(0);
  } finally {
    await api.remove('specifications', spec.id);
    await api.remove('points', point.id);
  }
});

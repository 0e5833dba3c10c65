import type { Page } from '@playwright/test';
import { expect, test, type Api } from './test-support/fixtures';

/**
 * A form's errors in one round and fields that depend on each other (docs/api.md "Dry run",
 * docs/declarations.md "Dependent fields"): an optional choice left empty is saved as null;
 * the browser's and the server's errors of one Save together, counted at the top, the first
 * focused; a fuse picker narrowed by the phases and the contradiction refused by the server;
 * pickers listing rows as soon as they open.
 */

/** GS1 check digit of 17 digits. */
function gs1(first17: string): string {
  const sum = [...first17]
    .reverse()
    .reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}

/** A point without specifications, opened on its page. */
async function openNewPoint(page: Page, api: Api): Promise<number> {
  const first17 = `85988${String(Date.now()).slice(-12)}`;
  const point = await api.create('points', {
    ean: first17 + gs1(first17),
    name: 'Chata u lesa',
    street: 'Lesní 1',
    zip_code: '586 01',
    city: 'Jihlava',
  });
  await page.goto(`/points/${String(point.id)}`);
  await expect(page.getByTestId('specifications-timeline')).toBeVisible({ timeout: 30_000 });
  return Number(point.id);
}

test('a new specification is saved with "—" production type', async ({ page, api }) => {
  await openNewPoint(page, api);
  await page.getByRole('button', { name: 'New specification' }).click();
  const dialog = page.getByRole('dialog', { name: 'New specification' });
  await dialog
    .getByLabel('Distribution rate')
    .selectOption({ label: 'D02d – single rate, medium consumption' });
  const production = dialog.getByLabel('Production type');
  await expect(production.locator('option:checked')).toHaveText('—');
  const saved = page.waitForResponse(
    (answer) =>
      answer.request().method() === 'POST' && /\/api\/v1\/specifications\/$/.test(answer.url()),
  );
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  const answer = await saved;
  expect(answer.status()).toBe(201);
  expect(((await answer.json()) as { production_type: unknown }).production_type).toBeNull();
  await expect(dialog).toHaveCount(0);
});

test('a company customer’s errors come in one Save: counted at the top, the first focused', async ({
  page,
  api,
}) => {
  const [existing] = await api.list('customers', {});
  const taken = String(existing!.customer_no);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/v1\/customers\//.test(request.url()))
      posts.push(new URL(request.url()).search);
  });
  await page.goto('/customers');
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog');
  const number = dialog.getByLabel('Customer number');
  // The next number of the series (the newest row's, which another test may have made) is
  // offered, and may be changed.
  await expect(number).toHaveValue(/\d$/);
  await number.fill(taken);
  await dialog.getByLabel('Type').selectOption({ label: 'Company' });
  const ico = dialog.getByLabel('Company ID (IČO)');
  await ico.fill('12345678'); // the check digit of 1234567 is 9
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(dialog.getByRole('alert')).toContainText('3 errors to fix before saving');
  await expect(number).toHaveAccessibleDescription(
    'Customer with this customer number already exists.',
  );
  await expect(ico).toHaveAccessibleDescription(
    'Enter a valid company ID (IČO): 8 digits with a valid check digit.',
  );
  await expect(dialog.getByLabel('Company name')).toHaveAccessibleDescription(
    'This field is required.',
  );
  await expect(number).toBeFocused();
  // One dry run, nothing saved.
  expect(posts).toEqual(['?validate=1']);
});

test('a fuse picker offers the phases’ fuses at once and the server refuses a 3×25 A fuse for one phase', async ({
  page,
  api,
}) => {
  await openNewPoint(page, api);
  await page.getByRole('button', { name: 'New specification' }).click();
  const dialog = page.getByRole('dialog', { name: 'New specification' });
  await dialog
    .getByLabel('Distribution rate')
    .selectOption({ label: 'D02d – single rate, medium consumption' });
  const fuse = dialog.getByRole('combobox', { name: 'Main fuse' });

  // Three phases: the picker lists three-phase fuses as soon as it opens, without typing.
  await fuse.click();
  await expect(page.getByRole('option', { name: '3×25 A' })).toBeVisible();
  await expect(page.getByRole('option', { name: '1×25 A' })).toHaveCount(0);
  await page.getByRole('option', { name: '3×25 A' }).click();
  await expect(fuse).toHaveValue('3×25 A');

  // One phase: the picker narrows to single-phase fuses ...
  await dialog.getByLabel('Phases').selectOption({ label: 'Single-phase' });
  await fuse.click();
  await expect(page.getByRole('option', { name: '1×25 A' })).toBeVisible();
  await expect(page.getByRole('option', { name: '3×25 A' })).toHaveCount(0);
  await fuse.press('Escape');

  // ... and the server refuses the 3×25 A fuse kept from before, on the fuse.
  const saved = page.waitForResponse(
    (answer) =>
      answer.request().method() === 'POST' && /\/api\/v1\/specifications\/$/.test(answer.url()),
  );
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(400);
  await expect(fuse).toHaveAttribute('aria-invalid', 'true');
  await expect(fuse).toHaveAccessibleDescription('This fuse is not for a single-phase supply.');
  await expect(dialog.getByRole('alert')).toContainText('1 error to fix before saving');
  await expect(fuse).toBeFocused();
});

import type { Locator, Page } from '@playwright/test';
import { expect, listRows, test } from './test-support/fixtures';
import { relatedList } from './test-support/helpers';

/**
 * docs/product.md: create, edit and delete through the generated dialogs, server errors
 * beside their fields, the unsaved-changes prompt, a 412 conflict and a refused delete, all
 * against the real API and its rules (server/resources/definitions).
 */

/** A short token making this run's rows unique (digits only: it also goes into codes). */
function uniqueDigits(length: number): string {
  return String(Date.now() * 1000 + Math.floor(Math.random() * 1000)).slice(-length);
}

/** An IČO with a valid mod-11 check digit (server rule `icoValidator`). */
function validIco(first7: string): string {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(first7[i]) * (8 - i);
  return `${first7}${(11 - (sum % 11)) % 10}`;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One resource's create-edit-delete round through its dialogs. */
interface Crud {
  readonly resource: string;
  /** Fills the required fields of a new row, named by `key`. */
  readonly create: (dialog: Locator, key: string) => Promise<void>;
  /** The row's title (its `aria-label` and the delete confirmation's name) after `create`. */
  readonly created: (key: string) => string;
  /** Changes the row so that its title becomes `edited(key)`. */
  readonly edit: (dialog: Locator, key: string) => Promise<void>;
  readonly edited: (key: string) => string;
  /** What to type in the search box to find the row of `title`. */
  readonly search: (title: string) => string;
}

const cruds: readonly Crud[] = [
  {
    resource: 'customers',
    create: async (dialog, key) => {
      await dialog.getByLabel('Customer number').fill(`E2E${key}`);
      await dialog.getByLabel('Type').selectOption({ label: 'Company' });
      await dialog.getByLabel('Company name').fill(`Zkouška ${key} s.r.o.`);
      await dialog.getByLabel('Company ID (IČO)').fill(validIco(key.slice(-7)));
    },
    // A company is titled by its name and IČO (x-title-cases).
    created: (key) => `Zkouška ${key} s.r.o., IČO ${validIco(key.slice(-7))}`,
    edit: async (dialog, key) => {
      await dialog.getByLabel('Company name').fill(`Přejmenovaná ${key} a.s.`);
    },
    edited: (key) => `Přejmenovaná ${key} a.s., IČO ${validIco(key.slice(-7))}`,
    search: (title) => title.split(' ')[1]!,
  },
  {
    resource: 'fuses',
    create: async (dialog, key) => {
      await dialog.getByLabel('Designation').fill(`E2E ${key} 1×20 A`);
      await dialog.getByLabel('Main fuse, 1 phase: From (A)').fill('10');
      await dialog.getByLabel('Main fuse, 1 phase: To (A)').fill('20');
      await dialog.getByLabel(/^Price\s*\*?$/).fill('4.35');
    },
    created: (key) => `E2E ${key} 1×20 A`,
    edit: async (dialog, key) => {
      await dialog.getByLabel('Designation').fill(`E2E ${key} 1×25 A`);
      await dialog.getByLabel('Main fuse, 1 phase: To (A)').fill('25');
    },
    edited: (key) => `E2E ${key} 1×25 A`,
    search: (title) => title,
  },
  {
    resource: 'obises',
    create: async (dialog, key) => {
      await dialog.getByLabel('OBIS').fill(`77.${Number(key.slice(-3))}.1`);
      await dialog.getByLabel('Description').fill(`Zkušební registr ${key}`);
    },
    created: (key) => `77.${Number(key.slice(-3))}.1`,
    edit: async (dialog, key) => {
      await dialog.getByLabel('OBIS').fill(`77.${Number(key.slice(-3))}.2`);
    },
    edited: (key) => `77.${Number(key.slice(-3))}.2`,
    search: (title) => title,
  },
  {
    resource: 'tariffs',
    create: async (dialog, key) => {
      const product = dialog.getByRole('combobox', { name: 'Product' });
      await product.fill('Fix');
      await dialog.getByRole('option', { name: 'Elektřina Fix 24' }).click();
      await dialog.getByLabel('Distribution rate').fill(`E2E${key}`);
      await dialog.getByLabel('Valid from').fill('2026-01-01');
      await dialog.getByLabel('Price without VAT').fill('5123.50');
    },
    created: (key) => `E2E${key}`,
    edit: async (dialog, key) => {
      await dialog.getByLabel('Distribution rate').fill(`E2F${key}`);
    },
    edited: (key) => `E2F${key}`,
    search: (title) => title,
  },
];

/** Types into the list's search box and waits for the URL to carry it. */
async function searchFor(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  const query = new URLSearchParams({ search: text }).toString();
  await expect(page).toHaveURL(new RegExp(`[?&]${escape(query)}(&|$)`));
}

for (const crud of cruds) {
  test(`${crud.resource}: create, find, edit and delete through the dialogs`, async ({ page }) => {
    const key = uniqueDigits(8);
    await page.goto(`/${crud.resource}`);
    await expect(listRows(page).first()).toBeVisible();

    await page.getByRole('button', { name: 'New' }).click();
    const dialog = page.getByRole('dialog');
    await crud.create(dialog, key);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();

    const created = crud.created(key);
    await searchFor(page, crud.search(created));
    const row = page.getByRole('row', { name: created, exact: true });
    await expect(row).toBeVisible();
    await expect(listRows(page)).toHaveCount(1);

    await row.click();
    await expect(dialog.getByRole('heading', { level: 2 })).toContainText(created);
    await crud.edit(dialog, key);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();

    const edited = crud.edited(key);
    await searchFor(page, crud.search(edited));
    const editedRow = page.getByRole('row', { name: edited, exact: true });
    await expect(editedRow).toBeVisible();

    await editedRow.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Delete ${edited}?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No records')).toBeVisible();
  });
}

test('the dialog validates in the browser under the real CSP (no eval, no violation)', async ({
  page,
}) => {
  // The customers' precompiled validators load once the list is painted, before a dialog.
  const chunk = page.waitForResponse((answer) =>
    /\/assets\/customers-[\w-]+\.js$/.test(answer.url()),
  );
  // The fixture fails the test on any CSP violation; the policy itself must have no eval.
  const response = await page.goto('/customers');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'/);
  expect(policy).not.toContain('unsafe-eval');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/v1\/customers\//.test(request.url()))
      posts.push(request.url());
  });
  expect((await chunk).ok()).toBe(true);
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog');
  const phone = dialog.getByLabel('Phone');
  await phone.fill('not a phone');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  // Checked in the page (ajv's precompiled code), with the app's own messages; the customer
  // number is the series' next one, filled in by the server's defaults.
  await expect(dialog.getByLabel('Customer number')).not.toHaveValue('');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription(
    'Enter a valid phone number, e.g. +420 777 123 456.',
  );
  // Nothing is written: at most the dry run (?validate=1) asks the server's checks too.
  expect(posts.filter((url) => !url.includes('validate=1'))).toEqual([]);
});

test('a refused IČO is shown beside its field and everything typed stays', async ({
  page,
  api,
}) => {
  await page.goto('/customers');
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog');
  const number = `E2E${uniqueDigits(8)}`;
  await dialog.getByLabel('Customer number').fill(number);
  await dialog.getByLabel('Type').selectOption({ label: 'Company' });
  await dialog.getByLabel('Company name').fill('Chybná s.r.o.');
  const ico = dialog.getByLabel('Company ID (IČO)');
  await ico.fill('12345678'); // the check digit of 1234567 is 9
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();

  const message = 'Enter a valid company ID (IČO): 8 digits with a valid check digit.';
  await expect(ico).toHaveAttribute('aria-invalid', 'true');
  await expect(ico).toHaveAccessibleDescription(message);
  await expect(dialog.getByLabel('Customer number')).not.toHaveAttribute('aria-invalid');
  await expect(ico).toHaveValue('12345678');
  await expect(dialog.getByLabel('Customer number')).toHaveValue(number);
  await expect(dialog.getByLabel('Company name')).toHaveValue('Chybná s.r.o.');
  await expect(dialog.getByLabel('Type').locator('option:checked')).toHaveText('Company');

  // Corrected, the same dialog saves.
  await ico.fill(validIco('1234567'));
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  const [saved] = await api.list('customers', { search: number });
  expect(saved).toMatchObject({ customer_no: number, crn: validIco('1234567') });
  await api.remove('customers', saved!.id);
});

test('a duplicate OBIS code is refused beside its field', async ({ page }) => {
  await page.goto('/obises');
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog');
  const obis = dialog.getByLabel('OBIS');
  await obis.fill('1.8.0');
  await dialog.getByLabel('Description').fill('Druhý 1.8.0');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(obis).toHaveAttribute('aria-invalid', 'true');
  await expect(obis).toHaveAccessibleDescription(/already exists/);
  await expect(obis).toHaveValue('1.8.0');
  await expect(dialog.getByLabel('Description')).toHaveValue('Druhý 1.8.0');
});

test('closing a dialog with unsaved changes asks first', async ({ page }) => {
  await page.goto('/obises');
  await page.getByRole('row', { name: '1.8.1', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const description = dialog.getByLabel('Description');
  const original = 'Činná energie odběr, vysoký tarif';
  await expect(description).toHaveValue(original);

  // Unchanged: Escape closes at once.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('row', { name: '1.8.1', exact: true }).click();
  await description.fill('Rozepsaný popis');
  await page.keyboard.press('Escape');
  const prompt = page.getByRole('alertdialog');
  await expect(prompt).toContainText('Discard unsaved changes?');
  await prompt.getByRole('button', { name: 'Keep editing' }).click();
  await expect(prompt).toBeHidden();
  await expect(description).toHaveValue('Rozepsaný popis');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('row', { name: '1.8.1', exact: true }).click();
  await expect(description).toHaveValue(original);
});

test('a save over someone else’s change shows the conflict and reapplies mine', async ({
  page,
  api,
}) => {
  const [fuse] = await api.list('fuses', { search: '3×50 A' });
  expect(fuse).toBeDefined();
  await page.goto('/fuses');
  await page.getByRole('row', { name: '3×50 A', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const price = dialog.getByLabel(/^Price\s*\*?$/);
  await expect(price).toHaveValue('13.05');

  // Meanwhile someone else changes the price.
  await api.patch('fuses', fuse!.id, { price_for_every_a: '14.10' });

  await price.fill('15.20');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  const conflict = dialog.getByRole('alert').filter({ hasText: 'Someone else changed' });
  await expect(conflict).toBeVisible();
  const line = conflict.getByRole('row', { name: /^Price/ });
  await expect(line.getByRole('cell')).toHaveText([/14[.,]10/, /15[.,]20/]);

  await conflict.getByRole('button', { name: 'Reapply my changes to the current version' }).click();
  await expect(conflict).toBeHidden();
  await expect(price).toHaveValue('15.20');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  const [saved] = await api.list('fuses', { search: '3×50 A' });
  expect(saved!.price_for_every_a).toBe('15.20');
  // Back to the seeded price for the other tests.
  await api.patch('fuses', fuse!.id, { price_for_every_a: '13.05' });
});

test('a refused delete shows the server’s reason', async ({ page, api }) => {
  const [customer] = await api.list('customers', { filter: 'customer_no=Z100001' });
  const [titled] = await api.list('customers/titles', { ids: String(customer?.id) });
  await page.goto('/customers');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Z100001', exact: true }) });
  await row.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // The demo customer has addresses and a contract: the API answers 400 with its reason,
  // naming the customer and the referencing rows by the titles the API gives them elsewhere.
  await expect(confirm.getByRole('alert')).toContainText(
    `Cannot delete customer "${String(titled?.title)}" because it is referenced by addresses: `,
  );
  await expect(confirm.getByRole('alert')).toContainText(/; contracts: S-\d{4}-\d{5}\.$/);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
});

test('a customer’s dialog lists its addresses and contracts and adds an address to it', async ({
  page,
  api,
}) => {
  const [customer] = await api.list('customers', { filter: 'customer_no=Z100001' });
  const [titled] = await api.list('customers/titles', { ids: String(customer?.id) });
  await page.goto('/customers');
  await page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Z100001', exact: true }) })
    .click();
  const dialog = page.getByRole('dialog');
  // docs/product.md §2: the customer screen also lists contracts and addresses.
  // Each list in its tab.
  const contracts = await relatedList(dialog, 'Contracts');
  await expect(contracts.getByRole('row').nth(1)).toBeVisible();
  const addresses = await relatedList(dialog, 'Addresses');
  await expect(addresses.getByRole('row').nth(1)).toBeVisible();
  const before = await addresses.getByRole('row').count();

  const street = `Zkušební ${uniqueDigits(6)}`;
  await addresses.getByRole('button', { name: 'New address' }).click();
  const created = page.getByRole('dialog', { name: 'New address' });
  // The parent is filled in: the address belongs to this customer.
  await expect(created.getByRole('combobox', { name: 'Customer' })).toHaveValue(
    String(titled?.title),
  );
  await created.getByLabel('Type').selectOption({ label: 'Billing' });
  await created.getByLabel('Street').fill(street);
  await created.getByLabel('City').fill('Brno');
  await created.getByLabel('ZIP code').fill('602 00');
  await created.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(addresses.getByRole('row')).toHaveCount(before + 1);

  // Opened from the list, deleted again: the list follows.
  await addresses.getByRole('row', { name: new RegExp(street) }).click();
  await page
    .getByRole('dialog', { name: new RegExp(`^Address: ${street}`) })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(addresses.getByRole('row')).toHaveCount(before);
});

/** How long the transitions of the dialog's elements (its fields, buttons, …) take. */
async function dialogTransitions(page: Page): Promise<Set<string>> {
  await page.goto('/obises');
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('OBIS')).toBeVisible();
  const durations = await dialog.evaluate((box) =>
    [box, ...box.querySelectorAll('*')].flatMap((element) =>
      getComputedStyle(element).transitionDuration.split(', '),
    ),
  );
  return new Set(durations);
}

test('with the system’s reduced motion nothing in a dialog moves', async ({ page }) => {
  // playwright.config.ts asks for reduced motion, as the operating system's setting would.
  expect(await dialogTransitions(page)).toEqual(new Set(['0s']));
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect([...(await dialogTransitions(page))].some((duration) => duration !== '0s')).toBe(true);
});

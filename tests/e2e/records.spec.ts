/**
 * docs/product.md and "Dates, numbers": a record's URL
 * opens its dialog (and reopens on reload), Back returns to the list as it was; a forbidden
 * URL names the page and stays, and signing in as someone who may returns there; Czech
 * date-times and numbers on a list, in a dialog and in an error; the calendar picks a date;
 * axe stays clean in every theme.
 */
import type { Page } from '@playwright/test';
import { admin, clerk, relatedList } from './test-support/helpers';
import { expect, expectNoSeriousA11yViolations, listRows, test } from './test-support/fixtures';

/** Czech `31. 12. 2025 0:00` (docs/product.md: one date-time format per language). */
const CZECH_DATE_TIME = /^\d{1,2}\. \d{1,2}\. \d{4} \d{1,2}:\d{2}$/;

/** Starts every page of the test in `theme` and `language` (stored as the Settings page does). */
async function useSettings(page: Page, language: 'cs' | 'en', theme = 'light'): Promise<void> {
  await page.addInitScript(
    ([lang, colours]) =>
      window.localStorage.setItem(
        'joule.settings',
        JSON.stringify({ theme: colours, language: lang }),
      ),
    [language, theme] as const,
  );
}

test.describe('records with addresses', () => {
  test("a row's URL opens its dialog; Back returns to the list as it was; reload reopens", async ({
    page,
    api,
  }) => {
    const [second] = await api.list('customers', { sort: '-last_name', page_size: 1 });
    const id = String(second?.id);
    // The list, sorted and on a page size of its own, then a row opened from it.
    await page.goto('/customers?sort=-last_name&page_size=10');
    await listRows(page).first().click();
    await expect(page).toHaveURL(new RegExp(`/customers/${id}\\?sort=-last_name&page_size=10$`));
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Customer number')).not.toHaveValue('');

    // Reload reopens the same row.
    const number = await dialog.getByLabel('Customer number').inputValue();
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/customers/${id}\\?`));
    await expect(page.getByRole('dialog').getByLabel('Customer number')).toHaveValue(number);

    // Back closes it, to the list as it was.
    await page.goBack();
    await expect(page).toHaveURL(/\/customers\?sort=-last_name&page_size=10$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(listRows(page).first()).toBeVisible();
  });

  test('a shared link opens the dialog directly, and closing it leaves the list', async ({
    page,
    api,
  }) => {
    const [customer] = await api.list('customers', { page_size: 1 });
    await page.goto(`/customers/${String(customer?.id)}?search=`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Customer number')).not.toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/customers(\?search=)?$/);
    await expect(listRows(page).first()).toBeVisible();
  });

  test("a related row's URL nests below its parent's", async ({ page, api }) => {
    const [contract] = await api.list('contracts', { page_size: 1 });
    const customer = String(contract?.customer);
    await page.goto(`/customers/${customer}`);
    const contracts = await relatedList(page.getByRole('dialog'), 'Contracts');
    await contracts.getByRole('cell', { name: String(contract?.contract_no) }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/${customer}/contracts/\\d+$`));
    await expect(page.getByRole('dialog')).toHaveCount(2);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/customers/${customer}$`));
    await expect(page.getByRole('dialog')).toHaveCount(1);
  });
});

test.describe('the clerk', () => {
  test.use({ account: clerk });

  test('a forbidden URL names the page and stays; signing in as someone who may returns there', async ({
    page,
  }) => {
    await page.goto('/tariffs/1');
    // docs/product.md §2 "Route guards": the page by its title, who grants access, the URL kept.
    await expect(
      page.getByText(
        'You have no access to the product page “Tariffs”. An administrator can grant you access (Users and Roles).',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/tariffs\/1$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/tariffs\/1$/);
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

test.describe('Czech dates and numbers', () => {
  test('a list, a dialog and an error write date-times and numbers the Czech way', async ({
    page,
    api,
  }) => {
    await useSettings(page, 'cs');
    // The list: a reading's time.
    await page.goto('/measurements?sort=-timestamp_received');
    const firstRow = listRows(page).first();
    await expect(firstRow).toBeVisible();
    const times = await firstRow.getByRole('cell').allInnerTexts();
    expect(times.some((text) => CZECH_DATE_TIME.test(text.trim()))).toBe(true);

    // A dialog: a device's readings, listed inside its dialog.
    const [reading] = await api.list('measurements', { sort: '-timestamp_received' });
    await page.goto(`/tariffdevices/${String(reading?.tariff_device)}`);
    const related = await relatedList(page.getByRole('dialog'), 'Odečty');
    await expect(related.locator('tbody tr').first()).toBeVisible();
    const cells = await related.locator('tbody tr').first().getByRole('cell').allInnerTexts();
    expect(cells.some((text) => CZECH_DATE_TIME.test(text.trim()))).toBe(true);

    // An error: the newest reading lowered below the one before it.
    await page.goto(`/measurements/${String(reading?.id)}`);
    const dialog = page.getByRole('dialog');
    const high = dialog.getByLabel('Vysoký tarif', { exact: false }).first();
    await expect(high).not.toHaveValue('');
    await high.fill('0');
    await dialog.getByRole('button', { name: 'Uložit', exact: true }).click();
    await expect(
      dialog
        .getByText(/dřívější odečet tohoto zařízení má \d{1,3}(\u00a0\d{3})*,\d{3} kWh/)
        .first(),
    ).toBeVisible();
  });

  test('the calendar picks a date in Czech', async ({ page, api }) => {
    await useSettings(page, 'cs');
    const [customer] = await api.list('customers', { page_size: 1 });
    await page.goto(`/customers/${String(customer?.id)}`);
    const dialog = page.getByRole('dialog');
    const birth = dialog.getByLabel('Datum narození');
    await expect(dialog.getByLabel('Číslo zákazníka')).not.toHaveValue('');
    await birth.locator('..').getByRole('button', { name: 'Kalendář' }).click();
    const calendar = page.locator('.bp6-datepicker');
    await expect(calendar).toBeVisible();
    // Czech month names, not the browser's.
    await expect(calendar).toContainText('leden');
    await calendar.locator('.rdp-day:not(.rdp-day_outside)', { hasText: /^15$/ }).first().click();
    await expect(birth).toHaveValue(/^15\. \d{1,2}\. \d{4}$/);
    // A picked date closes the calendar (Blueprint's PopoverNext), not the dialog.
    await expect(calendar).toBeHidden();
    await expect(dialog).toBeVisible();
  });
});

for (const theme of ['light', 'dark', 'darkBlue']) {
  test(`axe is clean in the ${theme} theme: a list with filters and an open record`, async ({
    page,
    api,
  }) => {
    await useSettings(page, 'en', theme);
    await page.goto('/contracts');
    await expect(listRows(page).first()).toBeVisible();
    await page.getByRole('button', { name: /^Filters/ }).click();
    // Opening the filters keeps the pager on screen.
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
    const [contract] = await api.list('contracts', { page_size: 1 });
    await page.goto(`/contracts/${String(contract?.id)}`);
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

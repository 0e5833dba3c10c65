import type { Page } from '@playwright/test';
import { expect, test } from './test-support/fixtures';

/**
 * The app's one date input (docs/extending.md "Dates and times"): no dialog, panel or page
 * shows the browser's own date, month or time input, in Czech or English; dates are typed
 * and shown as the lists write them.
 */

const NATIVE =
  'input[type="date"], input[type="month"], input[type="datetime-local"], input[type="time"], input[type="week"]';

const LANGUAGES = {
  cs: {
    date: 'D. M. RRRR',
    dateTime: 'D. M. RRRR H:MM',
    month: 'M/RRRR',
    typed: '1. 4. 2025',
    new: 'Nový',
  },
  en: {
    date: 'M/D/YYYY',
    dateTime: 'M/D/YYYY h:mm AM',
    month: 'M/YYYY',
    typed: '4/1/2025',
    new: 'New',
  },
} as const;

async function useLanguage(page: Page, language: 'cs' | 'en'): Promise<void> {
  await page.addInitScript(
    (lang) =>
      window.localStorage.setItem(
        'joule.settings',
        JSON.stringify({ theme: 'light', language: lang }),
      ),
    language,
  );
}

/** Waits for the page's date inputs to show, then finds none of the browser's. */
async function expectOnlyAppDateInputs(page: Page, placeholder: string): Promise<void> {
  await expect(page.locator(`input[placeholder="${placeholder}"]`).first()).toBeVisible();
  expect(await page.locator(NATIVE).count()).toBe(0);
}

for (const language of ['cs', 'en'] as const) {
  const words = LANGUAGES[language];
  test(`no native date input in the dialogs, panels and pages (${language})`, async ({
    page,
    api,
  }) => {
    // Six pages and their dialogs in one walk.
    test.slow();
    await useLanguage(page, language);
    const [contract] = await api.list('contracts', { page_size: 1 });
    const [reading] = await api.list('measurements', { sort: '-timestamp_received' });
    const [point] = await api.list('points', { page_size: 1 });

    // A contract: its validity in the form, the bill preview's period in its panel.
    await page.goto(`/contracts/${String(contract?.id)}`);
    const dialog = page.getByRole('dialog');
    await expectOnlyAppDateInputs(page, words.date);
    const validFrom = dialog.locator('input[id$="valid_from"]');
    await validFrom.fill(words.typed);
    await validFrom.blur();
    await expect(validFrom).toHaveValue(words.typed);
    await expect(validFrom).not.toHaveAttribute('aria-invalid', 'true');

    // A tariff device: the reading's time, the measurements' custom period.
    await page.goto(`/tariffdevices/${String(reading?.tariff_device)}`);
    await expect(page.getByTestId('measurements-panel')).toBeVisible();
    await expectOnlyAppDateInputs(page, words.dateTime);

    // A point: "New specification from".
    await page.goto(`/points/${String(point?.id)}`);
    await expect(page.getByTestId('specifications-timeline')).toBeVisible();
    await expectOnlyAppDateInputs(page, words.date);

    // A new billing run's month; the reports' months.
    await page.goto('/billing-runs');
    await page.getByRole('button', { name: words.new }).first().click();
    await expectOnlyAppDateInputs(page, words.month);
    await page.goto('/reports?report=billing-totals');
    await expectOnlyAppDateInputs(page, words.month);
  });
}

import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, listRows, test } from './test-support/fixtures';
import { clerk } from './test-support/helpers';

/**
 * docs/product.md: each docs/product.md §2 screen reached through its menu, at its route,
 * titled from its descriptor, listing the demo rows, with no serious or critical axe finding.
 */
interface Screen {
  /** Where the entry is: the top bar or the settings gear. */
  readonly menu: 'main' | 'settings';
  /** The menu entry's label. */
  readonly label: string;
  /** The docs/product.md §2 route. */
  readonly path: string;
  /** The page title before ' // Joule' (its menu entry's label) and the page heading. */
  readonly title: string;
  /** Set when the demo seed has no rows for it: the list may be empty, for this reason. */
  readonly unseeded?: string;
  /** Set when an override's page stands in for the list: what it shows instead of rows. */
  readonly instead?: string;
  /**
   * A column its override names (in `overrides/<resource>/`, which the page loads with its
   * labels: docs/extending.md "Messages"), shown with the rows.
   */
  readonly column?: string;
}

const screens: readonly Screen[] = [
  { menu: 'main', label: 'Customers', path: '/customers', title: 'Customers', column: 'Name' },
  { menu: 'main', label: 'Contracts', path: '/contracts', title: 'Contracts' },
  { menu: 'main', label: 'Points', path: '/points', title: 'Points' },
  { menu: 'main', label: 'Devices', path: '/tariffdevices', title: 'Devices' },
  { menu: 'main', label: 'Users', path: '/users', title: 'Users' },
  { menu: 'settings', label: 'Price list', path: '/pricelists', title: 'Price list' },
  { menu: 'settings', label: 'Tariffs', path: '/tariffs', title: 'Tariffs' },
  { menu: 'settings', label: 'Products', path: '/products', title: 'Products' },
  { menu: 'settings', label: 'Discounts', path: '/discounts', title: 'Discounts' },
  // Suppliers and distributors, as two tabs of one page (list-tools.spec.ts opens the second).
  { menu: 'settings', label: 'Utilities', path: '/utilities', title: 'Utilities' },
  {
    menu: 'settings',
    label: 'Fuses',
    path: '/fuses',
    title: 'Fuses',
    column: 'Main fuse, 1 phase',
  },
  // The reports (overrides/reports), not a list: billing.spec.ts checks them in full.
  {
    menu: 'settings',
    label: 'Reports',
    path: '/reports',
    title: 'Reports',
    instead: 'Billing totals',
  },
  { menu: 'settings', label: 'Collectors', path: '/collectors', title: 'Collectors' },
  { menu: 'settings', label: 'OBIS codes', path: '/obises', title: 'OBIS codes' },
  { menu: 'settings', label: 'Roles', path: '/roles', title: 'Roles' },
];

/** Opens a screen the way people do: from the top bar or the settings gear. */
async function openFromMenu(page: Page, screen: Screen): Promise<void> {
  if (screen.menu === 'main') {
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: screen.label, exact: true })
      .click();
  } else {
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.getByRole('menuitem', { name: screen.label, exact: true }).click();
  }
}

/** The checks of one screen, from wherever the page is now. */
async function visit(page: Page, screen: Screen): Promise<void> {
  await openFromMenu(page, screen);
  await expect(page).toHaveURL(new RegExp(`${screen.path}(\\?|$)`));
  await expect(page).toHaveTitle(`${screen.title} // Joule`);
  await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
  if (screen.instead) {
    await expect(page.getByRole('tab', { name: screen.instead, selected: true })).toBeVisible();
  } else if (screen.unseeded) {
    test.info().annotations.push({ type: 'unseeded', description: screen.unseeded });
    await expect(listRows(page).first().or(page.getByText('No records'))).toBeVisible();
  } else {
    await expect(listRows(page).first()).toBeVisible();
  }
  if (screen.column) {
    const header = page.getByRole('columnheader', { name: screen.column, exact: true });
    await expect(header).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
}

test.describe('the admin', () => {
  // One page walks from screen to screen through the menus, as a person would: the app
  // loads once, so the walk costs one navigation and one axe audit per screen.
  test('walks every screen through the menus', async ({ page }) => {
    // Every main and settings screen with an axe audit each: more than one test's budget.
    test.slow();
    await page.goto('/');
    for (const screen of screens) {
      await test.step(`${screen.label} at ${screen.path}`, () => visit(page, screen));
    }
  });

  test('an open edit dialog passes the axe check', async ({ page }) => {
    await page.goto('/customers');
    await listRows(page).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Customer number')).not.toHaveValue('');
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('the clerk', () => {
  test.use({ account: clerk });

  test('reaches only Customers, Contracts and Points', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main menu' });
    await expect(main.getByRole('link', { name: 'Customers', exact: true })).toBeVisible();
    const links = await main.getByRole('link').allInnerTexts();
    expect(links).toEqual(['Customers', 'Contracts', 'Points']);

    // The gear holds none of the settings screens for the clerk, only the app's settings
    // (and the detail lists of the clerk's own areas, e.g. addresses of customers).
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Settings (Global)' })).toBeVisible();
    const entries = await page.getByRole('menuitem').allInnerTexts();
    const settingsScreens = screens.filter((s) => s.menu === 'settings').map((s) => s.label);
    expect(entries.filter((entry) => settingsScreens.includes(entry))).toEqual([]);
    await page.keyboard.press('Escape');

    // docs/product.md §2: a route whose privilege check fails stays at its address and says
    // which page is refused, by its title.
    for (const path of ['/users', '/fuses', '/tariffs', '/roles', '/tariffdevices']) {
      const { title } = screens.find((screen) => screen.path === path)!;
      await page.goto(path);
      await expect(
        page.getByText(`You have no access to the product page “${title}”.`, { exact: false }),
        path,
      ).toBeVisible();
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page).toHaveTitle(`${title} // Joule`);
    }
    await page.goto('/contracts');
    await expect(page).toHaveTitle('Contracts // Joule');
    await expect(listRows(page).first()).toBeVisible();
  });
});

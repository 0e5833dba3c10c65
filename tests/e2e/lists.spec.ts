import { columnTexts, expect, listRows, test } from './test-support/fixtures';

/**
 * docs/product.md: search, header sort, filters, page size and paging against the real API,
 * all held in the URL (reload, back and forward restore them).
 */
test('customers: search narrows, sort reorders, a filter and the page size apply, the URL keeps it all', async ({
  page,
  api,
}) => {
  await page.goto('/customers');
  const rows = listRows(page);
  await expect(rows).toHaveCount(25);
  const total = (await api.list('customers', { page_size: 9999 })).length;
  await expect(page.getByText(`1–25 of ${total}`)).toBeVisible();

  // Search: customer numbers Z100010…Z100019 only.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('Z10001');
  await expect(page).toHaveURL(/search=Z10001/);
  await expect(page.getByText('1–10 of 10')).toBeVisible();
  const found = await columnTexts(page, 'Customer number');
  expect(found).toEqual(Array.from({ length: 10 }, (_, i) => `Z10001${i}`));
  await search.fill('');
  await expect(page).not.toHaveURL(/search=/);
  await expect(page.getByText(`1–25 of ${total}`)).toBeVisible();

  // Header sort: ascending first, then descending, each in the server's order.
  const numberHeader = page.getByRole('columnheader', { name: 'Customer number' });
  await numberHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=customer_no/);
  await expect(numberHeader).toHaveAttribute('aria-sort', 'ascending');
  await numberHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=-customer_no/);
  await expect(numberHeader).toHaveAttribute('aria-sort', 'descending');
  const newestFirst = (await api.list('customers', { sort: '-customer_no', page_size: 25 })).map(
    (row) => String(row.customer_no),
  );
  expect(newestFirst).toEqual([...newestFirst].sort().reverse());
  // A row is named by its title: a person's whole name, a company's name and IČO.
  const [newest] = await api.list('customers', { sort: '-customer_no', page_size: 1 });
  const [titled] = await api.list('customers/titles', { ids: String(newest?.id) });
  await expect(rows.first()).toHaveAttribute('aria-label', String(titled?.title));
  expect(await columnTexts(page, 'Customer number')).toEqual(newestFirst);

  // A sort by the name column (one column for the whole name, sorted by last name)
  // reorders the rows as the server sorts them.
  const nameHeader = page.getByRole('columnheader', { name: 'Name' });
  await nameHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=last_name/);
  const byLastName = (await api.list('customers', { sort: 'last_name', page_size: 25 })).map(
    (row) => String(row.customer_no),
  );
  await expect.poll(() => columnTexts(page, 'Customer number')).toEqual(byLastName);

  // A choice filter: companies only (every fifth demo customer).
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('group', { name: 'Filters' }).getByLabel('Type').selectOption('company');
  await expect(page).toHaveURL(/filter=type%3Dcompany/);
  const companies = (await api.list('customers', { filter: 'type=company', page_size: 9999 }))
    .length;
  expect(companies).toBeLessThan(total);
  await expect(page.getByText(`1–25 of ${companies}`)).toBeVisible();
  expect(new Set(await columnTexts(page, 'Type'))).toEqual(new Set(['Company']));

  // Page size 10, then the next page.
  await page.getByLabel('Rows per page').selectOption('10');
  await expect(page).toHaveURL(/page_size=10/);
  await expect(rows).toHaveCount(10);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(`11–20 of ${companies}`)).toBeVisible();
  const pageTwo = await columnTexts(page, 'Customer number');

  // A reload reopens the same page, order and filter.
  await page.reload();
  await expect(page.getByText(`11–20 of ${companies}`)).toBeVisible();
  expect(await columnTexts(page, 'Customer number')).toEqual(pageTwo);
  await expect(page.getByRole('group', { name: 'Filters' }).getByLabel('Type')).toHaveValue(
    'company',
  );
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

  // Back: page 1 of the same list; back again: 25 rows a page; forward: page 2 again.
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByText(`1–10 of ${companies}`)).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/page_size=10/);
  await expect(page.getByText(`1–25 of ${companies}`)).toBeVisible();
  await page.goForward();
  await page.goForward();
  await expect(page.getByText(`11–20 of ${companies}`)).toBeVisible();
  expect(await columnTexts(page, 'Customer number')).toEqual(pageTwo);

  // Clear filters: every customer again, the other state kept.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/filter=/);
  await expect(page.getByText(new RegExp(`of ${total}$`))).toBeVisible();
});

test('discounts: accent-insensitive search, sort by name, a date range filter, all in the URL', async ({
  page,
}) => {
  // A settings list, reached from the gear.
  await page.goto('/');
  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name: 'Discounts' }).click();
  await expect(page).toHaveTitle('Discounts // Joule');
  const rows = listRows(page);
  await expect(rows).toHaveCount(3);

  await page.getByRole('searchbox', { name: 'Search' }).fill('SLEVA');
  await expect(page).toHaveURL(/search=SLEVA/);
  await expect(rows).toHaveCount(2);
  expect((await columnTexts(page, 'Name')).sort()).toEqual([
    'Sleva pro seniory',
    'Věrnostní sleva 5 %',
  ]);
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(rows).toHaveCount(3);

  const nameHeader = page.getByRole('columnheader', { name: 'Name' });
  await nameHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=name/);
  await expect
    .poll(() => columnTexts(page, 'Name'))
    .toEqual(['Jarní akce', 'Sleva pro seniory', 'Věrnostní sleva 5 %']);
  await nameHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=-name/);
  await expect
    .poll(() => columnTexts(page, 'Name'))
    .toEqual(['Věrnostní sleva 5 %', 'Sleva pro seniory', 'Jarní akce']);

  // A date range: valid from 2025-01-01 on leaves the spring campaign only.
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Valid from from').fill('2025-01-01');
  await expect(page).toHaveURL(/gte=valid_from%3D2025-01-01/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('aria-label', 'Jarní akce');

  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(page.getByLabel('Valid from from')).toHaveValue('2025-01-01');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await page.goBack();
  await expect(page).not.toHaveURL(/gte=/);
  await expect
    .poll(() => columnTexts(page, 'Name'))
    .toEqual(['Věrnostní sleva 5 %', 'Sleva pro seniory', 'Jarní akce']);
});

/**
 * docs/product.md §2 "Keyboard": a list wider than the window scrolls sideways with its title column
 * in view, and a shadow on the right edge says that more columns lie beyond.
 */
test('a wide list in a narrow window keeps its title column in view and cues the columns beyond', async ({
  page,
}) => {
  await page.setViewportSize({ width: 560, height: 800 });
  await page.goto('/customers');
  const row = listRows(page).first();
  await expect(row).toBeVisible();
  const frame = page.locator('.joule-resource-table-frame');
  const scroll = page.locator('.joule-resource-table-scroll');
  const title = row.locator('td.joule-sticky-title');
  const last = row.locator('td').last();
  await expect(title).toHaveCount(1);
  // More columns to the right: the cue is set and drawn, the last column is out of view.
  await expect(frame).toHaveAttribute('data-more-right', 'true');
  const cue = await frame.evaluate(
    (element) => getComputedStyle(element, '::after').backgroundImage,
  );
  expect(cue).toContain('linear-gradient');
  await expect(last).not.toBeInViewport();
  const before = (await title.boundingBox())!;

  await scroll.evaluate((box) => {
    box.scrollLeft = box.scrollWidth;
  });
  await expect(last).toBeInViewport();
  // At the right end there is nothing more: no cue.
  await expect(frame).not.toHaveAttribute('data-more-right');
  // The title cell has not moved and is on top of the cells scrolled under it.
  const after = (await title.boundingBox())!;
  expect(Math.abs(after.x - before.x)).toBeLessThan(1);
  const onTop = await title.evaluate((cell) => {
    const box = cell.getBoundingClientRect();
    return cell.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
  expect(onTop).toBe(true);
  await expect(page.locator('th.joule-sticky-title')).toBeInViewport();

  await scroll.evaluate((box) => {
    box.scrollLeft = 0;
  });
  await expect(frame).toHaveAttribute('data-more-right', 'true');
});

import { readFileSync } from 'node:fs';
import { expect, test } from './test-support/fixtures';

/**
 * Every list page and a record URL, server-rendered for the signed-in user (the fixtures'
 * session leaves the access cookie, so server/http/first-page.ts renders them) and hydrated
 * by the app: the fixtures fail the test on any error React recovered from, above all a
 * hydration mismatch (docs/architecture.md "The server-rendered first page"). The pages are the generated
 * descriptors' resources, so a new resource is checked too.
 */
const resources = [
  ...readFileSync('src/generated/descriptors.ts', 'utf8').matchAll(/^ {4}name: '([\w-]+)',$/gm),
].map((match) => match[1]!);

/** Resources whose override shows its own page in place of the list (overrides/<name>/index.ts). */
const OWN_PAGES = new Set(['audit', 'reports']);

test('every list page hydrates the server-rendered page without a mismatch', async ({
  page,
  api,
}) => {
  test.slow();
  expect(resources).toEqual(expect.arrayContaining(['customers', 'invoices', 'incoming-payments']));
  for (const resource of resources) {
    await test.step(resource, async () => {
      const response = await page.goto(`/${resource}`);
      expect(response?.status()).toBe(200);
      const html = await response!.text();
      // A list with rows is sent with them: hydration is tested, not a fresh render.
      if (!OWN_PAGES.has(resource) && (await api.list(resource, { page_size: 1 })).length > 0)
        expect(html, `${resource}: its rows rendered by the server`).toContain('data-index="0"');
      await expect(page.locator('#root')).not.toBeEmpty();
    });
  }
});

test('a record URL and a list after a payment hydrate without a mismatch', async ({
  page,
  api,
}) => {
  const [invoice] = await api.list('invoices', { page_size: 1, sort: '-id' });
  const id = invoice!.id as number;
  const response = await page.goto(`/invoices/${id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.goto('/incoming-payments');
  await page.goto(`/invoices/${id}`);
  await expect(page.getByRole('dialog')).toBeVisible();
});

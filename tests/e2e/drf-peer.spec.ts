import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startDrfPeer, peerUser, type DrfPeer } from './test-support/drf-peer';
import { buildAgainst, type PeerBuild } from './test-support/peer-build';
import { signIn, useLanguage as startInLanguage } from './test-support/helpers';

/**
 * The SPA on a plain Django REST framework back-end (docs/api.md, docs/extending.md "Another
 * Django REST Framework back-end"): the stub of `test-support/drf-peer.ts` publishes no
 * defaults, no `x-` extensions and no bulk endpoint; `schema:pull`, codegen and one build of
 * the same SPA against it (`test-support/peer-build.ts`), served by the stub on its origin.
 */
test.describe.configure({ mode: 'serial' });

let peer: DrfPeer;
let build: PeerBuild | undefined;

test.beforeAll(async () => {
  // A schema pull, codegen and a production build in a copy of the repository.
  test.setTimeout(15 * 60_000);
  peer = await startDrfPeer();
  build = await buildAgainst(peer.apiUrl, peerUser);
  peer.staticDir = build.dist;
});

test.afterAll(async () => {
  await peer?.stop();
  build?.remove();
});

/** A signed-in page of the peer build, in English. */
async function peerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: peer.origin });
  const page = await context.newPage();
  await startInLanguage(page, 'en');
  await signIn(page, peerUser);
  return page;
}

/** The rows of the list shown. */
const listRows = (page: Page) => page.locator('tbody tr[data-index]');

test('a create sends what the form shows: "Active" left unticked is sent and stored false; a trimmed name is shown once', async ({
  browser,
}) => {
  peer.sites.length = 0;
  const page = await peerPage(browser);
  await page.goto('/sites');
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Active')).not.toBeChecked();
  await dialog.getByLabel('Name').fill('  Brno depot  ');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();

  // The peer trimmed the name (DRF's CharField does): the dialog stays on the stored row
  // and says so beside the field, and nothing about the fields stored as sent.
  await expect(dialog.getByText('Stored as Brno depot', { exact: true })).toHaveCount(1);
  await expect(dialog.getByText(/^Stored as/)).toHaveCount(1);
  // What the peer received: every shown field, the untouched checkbox as false and the
  // empty optional texts as blanks.
  const created = peer.requests.filter(
    (request) => request.method === 'POST' && request.path === '/api/v1/sites/',
  );
  expect(created).toEqual([
    expect.objectContaining({
      body: { name: '  Brno depot  ', code: '', active: false, note: '' },
      status: 201,
    }),
  ]);
  expect(peer.sites).toEqual([expect.objectContaining({ name: 'Brno depot', active: false })]);
  // Once: opened again, the row says nothing more.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await listRows(page).filter({ hasText: 'Brno depot' }).click();
  await expect(dialog.getByLabel('Name')).toHaveValue('Brno depot');
  await expect(dialog.getByLabel('Active')).not.toBeChecked();
  await expect(dialog.getByText(/^Stored as/)).toHaveCount(0);
  await page.context().close();
});

test('select and delete without a bulk endpoint: one DELETE per row, the refused one named with its reason; export the selection as CSV', async ({
  browser,
}) => {
  peer.sites.length = 0;
  const north = peer.seed({ name: 'Depot north', code: 'N1', active: true, note: '' });
  const south = peer.seed({ name: 'Depot south', code: 'S1', active: false, note: '' });
  const warehouse = peer.seed({
    name: 'Warehouse',
    code: 'W1',
    active: true,
    note: '',
    protected: true,
  });
  peer.seed({ name: 'Office', code: 'O1', active: true, note: 'kept' });
  const page = await peerPage(browser);
  await page.goto('/sites');
  await expect(listRows(page)).toHaveCount(4);

  // Export two selected rows.
  await page.getByRole('checkbox', { name: 'Select N1 Depot north' }).check();
  await page.getByRole('checkbox', { name: 'Select O1 Office' }).check();
  const bar = page.getByRole('toolbar', { name: 'Site' });
  await expect(bar.getByRole('status')).toHaveText('2 selected');
  const download = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n').filter((line) => line !== '');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(/Code.*Name/);
  expect(lines.slice(1).map((line) => line.split(/[,;]/).slice(0, 2))).toEqual([
    ['N1', 'Depot north'],
    ['O1', 'Office'],
  ]);
  await bar.getByRole('button', { name: 'Clear selection' }).click();
  await expect(bar).toHaveCount(0);

  // Delete three: two go, the protected one is refused and named.
  const before = peer.requests.length;
  await page.getByRole('checkbox', { name: 'Select N1 Depot north' }).check();
  await page.getByRole('checkbox', { name: 'Select S1 Depot south' }).check();
  await page.getByRole('checkbox', { name: 'Select W1 Warehouse' }).check();
  await expect(bar.getByRole('status')).toHaveText('3 selected');
  await bar.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete 3 selected records (Site)?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const summary = page.getByRole('dialog', { name: 'Delete: Site' });
  await expect(summary.getByRole('status')).toHaveText('Delete: 2 of 3 done.');
  const refused = summary.getByRole('table', { name: 'Refused (1)' });
  await expect(refused.getByRole('row')).toHaveCount(2);
  await expect(refused.getByRole('cell').first()).toHaveText('W1 Warehouse');
  await expect(refused.getByRole('cell').nth(1)).toHaveText(
    'Cannot delete this site: meters are installed at it.',
  );
  const writes = peer.requests
    .slice(before)
    .filter((request) => request.method !== 'GET' && request.method !== 'OPTIONS');
  expect(writes.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
    `DELETE /api/v1/sites/${north.id}/ 204`,
    `DELETE /api/v1/sites/${south.id}/ 204`,
    `DELETE /api/v1/sites/${warehouse.id}/ 409`,
  ]);
  await summary.getByRole('button', { name: 'Close' }).last().click();
  await expect(listRows(page)).toHaveCount(2);
  expect(peer.sites.map((site) => site.name)).toEqual(['Warehouse', 'Office']);
  await page.context().close();
});

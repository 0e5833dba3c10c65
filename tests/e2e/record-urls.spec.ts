import { expect, test } from './test-support/fixtures';

/**
 * A related row's URL under a parent whose dialog lists several kinds of rows in tabs
 * (record-path.tsx): reloaded or bookmarked, it reopens that row over its parent.
 */
test('/contracts/<id>/points/<id> reloaded reopens the point over its contract', async ({
  page,
  api,
}) => {
  const [point] = await api.list('points', { page_size: 1 });
  const contract = String(point?.contract);
  await page.goto(`/contracts/${contract}/points/${String(point?.id)}`);
  const dialogs = page.getByRole('dialog');
  await expect(dialogs).toHaveCount(2);
  await expect(dialogs.last().getByLabel('EAN')).toHaveValue(String(point?.ean));
  await page.reload();
  await expect(dialogs).toHaveCount(2);
  await expect(dialogs.last().getByLabel('EAN')).toHaveValue(String(point?.ean));
  await expect(dialogs.first().getByRole('tab', { name: 'Points' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer } from '../../codegen/drift/server';
import { admin, signIn, useLanguage } from './test-support/helpers';
import { copyRepository, run } from './test-support/repository-copy';

/**
 * Adding an entity takes two commands (docs/extending.md "Add an entity"): in a copy of the
 * repository, `npm run new:resource` writes and registers a resource, `npm run regen`
 * publishes it, and after a build the app shows its list and its create dialog, where a row
 * is created and then listed. The copy (its node_modules a link to this one's) is deleted
 * afterwards.
 */

test('npm run new:resource and npm run regen: the new list and its create dialog', async ({
  browser,
}) => {
  // Two commands, a build and a server start in a copy: minutes, not seconds.
  test.setTimeout(15 * 60_000);
  const copy = mkdtempSync(join(tmpdir(), 'joule-new-resource-'));
  try {
    copyRepository(process.cwd(), copy);
    run(copy, 'npm', [
      'run',
      'new:resource',
      '--',
      'meter-seals',
      '--cs',
      'Plomba|Plomby|Nová plomba',
    ]);
    run(copy, 'npm', ['run', 'regen']);
    // The SPA alone: without dist-server/ the server sends the static page.
    run(copy, 'npx', ['vite', 'build', '--logLevel', 'warn']);
    const server = await startServer({
      command: ['npx', 'tsx', 'server/main.ts'],
      cwd: copy,
      dataDir: 'memory://',
      timeoutMs: 120_000,
    });
    try {
      const context = await browser.newContext({ baseURL: new URL(server.apiUrl).origin });
      const page = await context.newPage();
      await useLanguage(page, 'en');
      await signIn(page, admin);
      await page.goto('/meter-seals');
      await expect(page).toHaveTitle('Meter seals // Joule');
      await page.getByRole('button', { name: 'New' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('New meter seal');
      await dialog.getByLabel('Name').fill('Seal 7');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('row', { name: 'Seal 7' })).toBeVisible();
      await context.close();
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

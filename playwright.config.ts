import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromium-args';

/**
 * End-to-end tests in Debian's Chromium against the real server, started on an empty
 * embedded database (in a fresh temporary data folder) with the demo seed.
 */
const port = Number(process.env.JOULE_E2E_PORT ?? 8765);
export const baseURL = `http://127.0.0.1:${port}`;
/** The server's dev identity provider (single sign-on tests) listens on the next port. */
export const idpPort = port + 1;

/**
 * A fresh data folder per run (the server's mails land in its `outbox/`, which the
 * password-reset test reads; memory mode keeps mails out of reach). Workers load this file
 * again: they inherit the folder through the environment instead of making another.
 */
process.env.JOULE_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'joule-e2e-'));
export const dataDir = process.env.JOULE_E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    baseURL,
    locale: 'cs-CZ',
    // As the operating system's "reduce motion" would: dialogs and popovers appear at once,
    // with no transition to wait for (src/app/app.css); dialogs.spec.ts checks both settings.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        ...CHROMIUM_ARGS,
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `${baseURL}/api/v1/schema/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      JOULE_DATA_DIR: dataDir,
      JOULE_SECRET_KEY: 'e2e-only-secret-key-not-for-production',
      // Many sign-ins in a short run; throttling itself is covered by the API tests.
      JOULE_AUTH_RATE: '1000/min',
      JOULE_EXPENSIVE_RATE: 'off',
      // A real OIDC provider on loopback for tests/e2e/sso.spec.ts. Its access tokens live
      // 10 s, so the single sign-on tests see tokens expire and renew (own tokens keep the
      // default 300 s, so other tests are untouched).
      JOULE_DEV_IDP: '1',
      JOULE_DEV_IDP_PORT: String(idpPort),
      JOULE_DEV_IDP_ACCESS_LIFETIME: '10',
      // Single sign-on asks for a maximum authentication age and checks auth_time
      // (docs/product.md §5).
      OIDC_MAX_AGE: '3600',
    },
  },
});

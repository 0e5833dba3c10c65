import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real server (`tests/e2e/server.ts`
 * starts it on an empty embedded database with the demo seed).
 */
const port = Number(process.env.JOULE_E2E_PORT ?? 8765);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    locale: 'cs-CZ',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
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
      JOULE_DATA_DIR: 'memory://',
      JOULE_SECRET_KEY: 'e2e-only-secret-key-not-for-production',
    },
  },
});

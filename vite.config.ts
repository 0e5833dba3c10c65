import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.JOULE_API_TARGET ?? 'http://localhost:8000';

/** Release shown in the About dialog: `JOULE_RELEASE`, else package.json's version. */
function release(): string {
  const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return process.env.JOULE_RELEASE ?? pkg.version;
}

/** Release tag: `JOULE_RELEASE_TAG`, else `git describe`, else empty (no git at hand). */
function releaseTag(): string {
  if (process.env.JOULE_RELEASE_TAG) return process.env.JOULE_RELEASE_TAG;
  try {
    return execSync('git describe --tags --always --dirty', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return '';
  }
}

export default defineConfig({
  plugins: [react()],
  define: {
    __JOULE_RELEASE__: JSON.stringify(release()),
    __JOULE_RELEASE_TAG__: JSON.stringify(releaseTag()),
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/config.json': apiTarget },
  },
  build: { outDir: 'dist', sourcemap: true },
  test: {
    include: ['{src,server,codegen,overrides,scripts,tests/unit}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

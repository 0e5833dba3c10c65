import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parse as parseMessage } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
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

/**
 * Writes `<file>.gz` beside every text asset of the build, which the server sends as is to
 * browsers that accept gzip (`@fastify/static` `preCompressed`): no compression per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'joule-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const file of files.filter((name) => /\.(js|css|html|svg|json)$/.test(name))) {
        const path = join(outDir, file);
        writeFileSync(`${path}.gz`, gzipSync(readFileSync(path), { level: 9 }));
      }
    },
  };
}

/**
 * Ships the message catalogues (`locales/**.json`) precompiled to ICU ASTs and drops the
 * ICU parser from the bundle (react-intl's "no parser" set-up): the first page loads
 * ~12 kB gzip less. Build only; tests and `npm run dev` parse at run time as before. A
 * message only in code (`defaultMessage` of an id no catalogue has) then shows unformatted
 * — `npm run check:messages` keeps every id in the catalogues.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'joule-precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: fileURLToPath(
              new URL(
                './node_modules/@formatjs/icu-messageformat-parser/lib/no-parser.js',
                import.meta.url,
              ),
            ),
          },
        ],
      },
    }),
    transform(code, id) {
      if (!/[\\/]locales[\\/].*\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, text]) => [key, parseMessage(text)]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/**
 * Replaces Blueprint's list of every icon name (checked by its icon loader) with the small
 * check in `src/app/icons/icon-names-shim.ts`. Build only.
 */
function slimIconNames(): Plugin {
  const shim = fileURLToPath(new URL('./src/app/icons/icon-names-shim.ts', import.meta.url));
  return {
    name: 'joule-slim-icon-names',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './iconNames' && importer && /@blueprintjs[\\/]icons[\\/]/.test(importer)) {
        return shim;
      }
      return null;
    },
  };
}

export default defineConfig({
  plugins: [react(), precompiledMessages(), slimIconNames(), precompress()],
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

/**
 * The SPA's build, dev server and tests. Each plugin is a file of `build/` with its test;
 * what they do for the first page is in docs/speed.md and docs/architecture.md "How the
 * pages stay small".
 */
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { hasSideEffects, productionAliases, pureCaslMatcher, slimIconNames } from './build/aliases';
import { firstPageChunking } from './build/chunks';
import { cspSources } from './build/csp-sources';
import { inlineEarlyStart } from './build/early-start';
import { shippedMessages } from './build/messages';
import { precompress } from './build/precompress';
import { release, releaseTag } from './build/release';
import { testProjects, testWorkers } from './build/test-projects';

const apiTarget = process.env.JOULE_API_TARGET ?? 'http://localhost:8000';

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    // Build only: the message descriptors lose their `defaultMessage` (and `description`),
    // which the precompiled catalogues make dead weight in every chunk (formatjs's own
    // babel plugin; `npm run check:messages` keeps every id in both catalogues).
    react(
      command === 'build'
        ? { babel: { plugins: [['formatjs', { removeDefaultMessage: true, throws: false }]] } }
        : {},
    ),
    shippedMessages(),
    productionAliases(),
    slimIconNames(),
    pureCaslMatcher(),
    inlineEarlyStart(),
    firstPageChunking(),
    cspSources(),
    precompress(),
  ],
  define: {
    __JOULE_RELEASE__: JSON.stringify(release(new URL('./package.json', import.meta.url))),
    __JOULE_RELEASE_TAG__: JSON.stringify(releaseTag()),
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/config.json': apiTarget },
  },
  // The browser build's source maps are written (for an error-reporting upload at build
  // time) but not linked from the bundle, and the server never serves them
  // (server/http/spa.ts): they would publish the sources. The server-side build keeps
  // linked maps for its stack traces; dist-server/ is not served.
  build: {
    outDir: 'dist',
    sourcemap: isSsrBuild ? true : 'hidden',
    rollupOptions: { treeshake: { moduleSideEffects: hasSideEffects } },
  },
  // The server-side rendering build (src/ssr/first-page.tsx) bundles its dependencies with
  // NODE_ENV fixed above, so that it runs React's production build whatever the server's.
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  test: {
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The API projects' threads keep modules loaded from file to file (build/test-projects.ts).
    poolOptions: { threads: { isolate: false } },
    maxWorkers: testWorkers(),
    projects: testProjects(),
  },
}));

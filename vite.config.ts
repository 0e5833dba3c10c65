import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parse as parseMessage } from '@formatjs/icu-messageformat-parser';
import { transformWithEsbuild, type Plugin, type Rollup } from 'vite';
import { configDefaults, defineConfig, type TestProjectConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { earlyStart, type EarlyStartManifest } from './src/app/early-start';

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
 * `apply` of the plugins that shape the browser's bundle only, not the server-side
 * rendering build (`vite build --ssr`, src/ssr/first-page.tsx), which runs on React in Node.
 */
const browserBuild: Plugin['apply'] = (_config, { command, isSsrBuild }) =>
  command === 'build' && !isSsrBuild;

/**
 * Writes `<file>.gz` beside every text asset of the build, which the server sends as is to
 * browsers that accept gzip (`@fastify/static` `preCompressed`): no compression per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'joule-precompress',
    apply: browserBuild,
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
      // `?deferred`: the copies in each language's deferred chunk (src/i18n/deferred/).
      if (!/[\\/]locales[\\/].*\.json(?:\?deferred)?$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, text]) => [key, parseMessage(text)]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/**
 * Bundles react-router's production build: its package exports only `dist/development`
 * (remix-run/react-router#12532, #14753), whose dev warnings cost bytes and time on every
 * page. Build only; tests and `npm run dev` keep the development build and its warnings.
 */
function productionRouter(): Plugin {
  return {
    name: 'joule-production-router',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^react-router$/,
            replacement: fileURLToPath(
              new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
            ),
          },
        ],
      },
    }),
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

/**
 * Inlines `earlyStart` (`src/app/early-start.ts`) into index.html's head with what it needs
 * from the build: the modules the first page asks for only once the entry has run (dynamic
 * imports; hinted so they arrive in one wave with the entry) and the entry's stylesheets,
 * which the page's head then only preloads (the early start applies them on a static page,
 * the server on a page it renders: server/http/critical-css.ts `blockingStylesheets`). The
 * login page of a signed-out visitor fetches nothing more than before. Build only.
 */
function inlineEarlyStart(): Plugin {
  let base = '/';
  /**
   * The chunk of the module matching `pattern` and every chunk it imports, the entry
   * excluded, with their CSS files: URLs.
   */
  function closure(bundle: Rollup.OutputBundle, pattern: RegExp): string[] {
    const chunks = Object.values(bundle).filter(
      (item): item is Rollup.OutputChunk => item.type === 'chunk',
    );
    const start =
      chunks.find((chunk) => chunk.facadeModuleId && pattern.test(chunk.facadeModuleId)) ??
      chunks.find((chunk) => chunk.moduleIds.some((id) => pattern.test(id)));
    if (!start) throw new Error(`inlineEarlyStart: no chunk for ${pattern}`);
    const seen = new Set<string>();
    const visit = (fileName: string) => {
      const chunk = bundle[fileName];
      if (!chunk || chunk.type !== 'chunk' || chunk.isEntry || seen.has(fileName)) return;
      seen.add(fileName);
      chunk.viteMetadata?.importedCss.forEach((css) => seen.add(css));
      chunk.imports.forEach(visit);
    };
    visit(start.fileName);
    return [...seen].map((fileName) => `${base}${fileName}`);
  }
  return {
    name: 'joule-early-start',
    apply: browserBuild,
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        if (!bundle) return;
        // The entry's stylesheets, only preloaded by the page: the early start applies them
        // (a stylesheet the parser meets holds up the entry module until it has loaded).
        const stylesheets: string[] = [];
        const page = html.replace(
          /<link rel="stylesheet"([^>]*?)\bhref="([^"]*)"([^>]*)>/g,
          (_link, before: string, href: string, after: string) => {
            stylesheets.push(href);
            return `<link rel="preload" as="style"${before}href="${href}"${after}>`;
          },
        );
        const catalogue = (lang: string) =>
          closure(bundle, new RegExp(`[\\\\/]locales[\\\\/]${lang}\\.json$`));
        // The generated labels and the overrides' messages join the catalogue only in the
        // signed-in app (src/i18n/catalogues.ts).
        const labels = (lang: string) => [
          ...closure(bundle, new RegExp(`[\\\\/]locales[\\\\/]generated[\\\\/]${lang}\\.json$`)),
          ...closure(bundle, new RegExp(`[\\\\/]locales[\\\\/]overrides[\\\\/]${lang}\\.json$`)),
        ];
        const signedIn = [
          /[\\/]src[\\/]app[\\/]layout[\\/]shell\.tsx$/,
          /[\\/]src[\\/]app[\\/]resource-registry\.tsx$/,
          /[\\/]src[\\/]app[\\/]icons[\\/]paths-16\.ts$/,
          // The map of the signed-in app's catalogues (src/i18n/catalogues.ts).
          /[\\/]src[\\/]i18n[\\/]signed-in-catalogues\.ts$/,
        ].flatMap((pattern) => closure(bundle, pattern));
        const manifest: EarlyStartManifest = {
          stylesheets,
          modules: {
            cs: catalogue('cs'),
            en: catalogue('en'),
            signedIn: [...new Set(signedIn)],
            labels: { cs: labels('cs'), en: labels('en') },
          },
        };
        const script = (
          await transformWithEsbuild(
            `(${earlyStart.toString()})(${JSON.stringify(manifest)})`,
            'early-start.js',
            { minify: true },
          )
        ).code;
        return {
          html: page,
          tags: [{ tag: 'script', children: script, injectTo: 'head-prepend' }],
        };
      },
    },
  };
}

/**
 * Tells the server's Content-Security-Policy (server/http/security-headers.ts) what only the
 * build knows: the origin the bundle reports errors to (`VITE_SENTRY_DSN`, fixed at build
 * time) and, for Sentry's session replay, its compression worker (a `blob:` URL; without it
 * replay still works, uncompressed), and the API's origin when `VITE_API_URL` names another
 * one. Written into index.html's head as `<meta name="joule-csp-connect-src" content="…">`
 * and `joule-csp-worker-src`; nothing without those variables. Build only.
 */
function cspSources(): Plugin {
  let connect: string[] = [];
  let workers: string[] = [];
  const originOf = (url: string | undefined) => {
    if (!url || !/^https?:\/\//i.test(url)) return undefined;
    return new URL(url).origin;
  };
  return {
    name: 'joule-csp-sources',
    apply: browserBuild,
    configResolved(config) {
      const sentry = originOf(config.env.VITE_SENTRY_DSN as string | undefined);
      const api = originOf(config.env.VITE_API_URL as string | undefined);
      connect = [sentry, api].filter((origin): origin is string => !!origin);
      workers = sentry ? ['blob:'] : [];
    },
    transformIndexHtml() {
      return [
        ...(connect.length > 0
          ? [{ tag: 'meta', attrs: { name: 'joule-csp-connect-src', content: connect.join(' ') } }]
          : []),
        ...(workers.length > 0
          ? [{ tag: 'meta', attrs: { name: 'joule-csp-worker-src', content: workers.join(' ') } }]
          : []),
      ];
    },
  };
}

/**
 * Packages whose modules have no side effects on import although their package.json does
 * not say so (`"sideEffects": false`): Rollup then leaves out the modules of their barrel
 * (`index.js`) that nothing uses. `@rjsf/utils`: a list page's override (the fuse range
 * widget) uses one id helper, and without this the barrel brings lodash, lodash-es and the
 * JSON-schema merging code (~40 kB gzip) into the list page's first chunks (issue 16).
 */
const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/]@rjsf[\\/]utils[\\/]/;

/** Rollup's `treeshake.moduleSideEffects`: as package.json says, except `SIDE_EFFECT_FREE`. */
function hasSideEffects(id: string, external: boolean): boolean {
  return external || !SIDE_EFFECT_FREE.test(id);
}

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
    precompiledMessages(),
    productionRouter(),
    slimIconNames(),
    inlineEarlyStart(),
    cspSources(),
    precompress(),
  ],
  define: {
    __JOULE_RELEASE__: JSON.stringify(release()),
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
    projects: testProjects(),
  },
}));

/**
 * Test files of the security suite (`npm run test:security`): access matrix, fuzzing, races,
 * and the fault tests (database outage, process killed mid-bulk), which pick their own
 * databases.
 */
const SECURITY_TESTS = ['server/security/**/*.test.ts', 'server/faults/**/*.test.ts'];

/**
 * Vitest projects (`vitest run --project NAME`):
 * - `unit`: every unit and API test on in-memory PGlite (the API tests on PostgreSQL instead
 *   when `JOULE_TEST_DATABASE_URL` is set, as before);
 * - `security`: the security suite (server/security/) and the fault tests (server/faults/); its race tests also take
 *   the PostgreSQL of `JOULE_TEST_POSTGRES_URL`;
 * - `postgres`, only when `JOULE_TEST_POSTGRES_URL` names a PostgreSQL server (set by
 *   `scripts/with-postgres.ts`, which `npm run test:unit` runs Vitest under): the API,
 *   engine and auth tests again, each test server on its own fresh PostgreSQL database.
 */
function testProjects(): TestProjectConfiguration[] {
  const postgresUrl = process.env.JOULE_TEST_POSTGRES_URL;
  return [
    {
      extends: true,
      test: {
        name: 'unit',
        include: ['{src,server,codegen,overrides,scripts,tests/unit}/**/*.test.{ts,tsx}'],
        exclude: [...configDefaults.exclude, ...SECURITY_TESTS],
      },
    },
    { extends: true, test: { name: 'security', include: SECURITY_TESTS } },
    ...(postgresUrl
      ? [
          {
            extends: true as const,
            test: {
              name: 'postgres',
              include: ['server/{resources,auth,http}/**/*.test.ts'],
              env: { JOULE_TEST_DATABASE_URL: postgresUrl },
            },
          },
        ]
      : []),
  ];
}

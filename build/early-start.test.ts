import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { closure, earlyFetch, earlyStartManifest, preloadStylesheets } from './early-start';

/** A chunk of a fake bundle: its modules, static imports and CSS. */
function chunk(
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  css: string[] = [],
  isEntry = false,
): Rollup.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    moduleIds,
    facadeModuleId: moduleIds[0] ?? null,
    imports,
    isEntry,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  } as unknown as Rollup.OutputChunk;
}

const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', ['/r/src/main.tsx'], [], [], true),
    chunk('assets/cs.js', ['/r/locales/cs.json'], ['assets/index.js']),
    chunk('assets/en.js', ['/r/locales/en.json']),
    chunk('assets/shell.js', ['/r/src/app/layout/shell.tsx'], ['assets/ui.js', 'assets/index.js']),
    chunk('assets/ui.js', ['/r/node_modules/x/button.js'], [], ['assets/ui.css']),
    chunk(
      'assets/registry.js',
      ['/r/src/app/resource-registry.tsx', '/r/src/auth/app-ability.ts'],
      ['assets/ui.js'],
    ),
    chunk('assets/paths.js', ['/r/src/app/icons/paths-16.ts']),
    chunk('assets/signed-in.js', ['/r/src/i18n/signed-in-catalogues.ts']),
    chunk('assets/names-cs.js', ['/r/locales/generated/cs.json']),
    chunk('assets/names-en.js', ['/r/locales/generated/en.json']),
    chunk('assets/lazy-cs.js', ['/r/src/i18n/lazy/cs.ts', '/r/overrides/customers/cs.json?lazy']),
    chunk('assets/customers-cs.js', ['/r/locales/generated/customers/cs.json']),
    chunk('assets/customers-en.js', ['/r/locales/generated/customers/en.json']),
    chunk('assets/ov-cs.js', ['/r/overrides/customers/cs.json']),
    chunk('assets/ov-en.js', ['/r/overrides/customers/en.json']),
  ].map((item) => [item.fileName, item]),
) as Rollup.OutputBundle;

describe('closure', () => {
  it("is a module's chunk with the chunks and CSS it imports, never the entry", () => {
    expect(closure(bundle, /shell\.tsx$/)).toEqual([
      '/assets/shell.js',
      '/assets/ui.js',
      '/assets/ui.css',
    ]);
  });

  it('throws for a module no chunk holds', () => {
    expect(() => closure(bundle, /nowhere\.ts$/)).toThrow(/no chunk/);
  });
});

describe('earlyStartManifest', () => {
  it("lists each language's catalogue, the signed-in app once each, the names, and each resource's labels and override's messages", () => {
    expect(earlyStartManifest(bundle, ['/assets/index.css'])).toEqual({
      stylesheets: ['/assets/index.css'],
      modules: {
        cs: ['/assets/cs.js'],
        en: ['/assets/en.js'],
        signedIn: [
          '/assets/shell.js',
          '/assets/ui.js',
          '/assets/ui.css',
          '/assets/registry.js',
          '/assets/paths.js',
          '/assets/signed-in.js',
        ],
        labels: { cs: ['/assets/names-cs.js'], en: ['/assets/names-en.js'] },
        resources: {
          customers: {
            cs: ['/assets/customers-cs.js', '/assets/ov-cs.js'],
            en: ['/assets/customers-en.js', '/assets/ov-en.js'],
          },
        },
      },
    });
  });
});

describe('preloadStylesheets', () => {
  it("turns the head's stylesheet links into preloads and lists them", () => {
    const html = '<link rel="stylesheet" crossorigin href="/assets/index.css"><link rel="icon">';
    expect(preloadStylesheets(html)).toEqual({
      html: '<link rel="preload" as="style" crossorigin href="/assets/index.css"><link rel="icon">',
      stylesheets: ['/assets/index.css'],
    });
  });
});

describe('earlyFetch', () => {
  it("names the API base without its slash and each list's path", () => {
    const fetch = earlyFetch('https://api.example.com/api/v1/');
    expect(fetch.api).toBe('https://api.example.com/api/v1');
    expect(fetch.lists.customers).toBe('/customers/');
    expect(fetch.pageSize).toBe(25);
    expect(fetch.refreshMarginS).toBeGreaterThan(0);
    // Our API keeps the user's list preferences (its OpenAPI document lists them).
    expect(fetch.preferences).toBe(true);
  });
});

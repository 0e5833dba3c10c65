import { transformWithEsbuild, type Plugin, type Rollup } from 'vite';
import { earlyStart, type EarlyStartManifest } from '../src/boot/early-start';
import { REFRESH_MARGIN_S } from '../src/auth/tokens';
import { apiFeatures, descriptors } from '../src/generated/descriptors';
import { DEFAULT_PAGE_SIZE } from '../src/resources/list/list-query';
import { browserBuild } from './browser-build';
import { SIGNED_IN_ROOTS } from './chunks';

/**
 * The URLs of the chunk of the first module matching `pattern` (its facade, else any chunk
 * holding it) and of what it imports but the entry, CSS included; throws when none holds it.
 */
export function closure(bundle: Rollup.OutputBundle, pattern: RegExp, base = '/'): string[] {
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

/** A module id pattern of a path under the repository (`/`-separated). */
const file = (path: string) =>
  new RegExp(`[\\\\/]${path.replace(/\./g, '\\.').replace(/\//g, '[\\\\/]')}$`);

/** What the early start needs to send a static page's first GETs (`api`: `VITE_API_URL`). */
export function earlyFetch(api = '/api/v1'): NonNullable<EarlyStartManifest['fetch']> {
  return {
    api: api.replace(/\/$/, ''),
    lists: Object.fromEntries(
      descriptors.filter(({ operations }) => operations.list).map(({ name, path }) => [name, path]),
    ),
    pageSize: DEFAULT_PAGE_SIZE,
    refreshMarginS: REFRESH_MARGIN_S,
    preferences: apiFeatures.userPreferences,
  };
}

/** The early start's manifest of `bundle`: what the first page will ask for. */
export function earlyStartManifest(
  bundle: Rollup.OutputBundle,
  stylesheets: string[],
  base = '/',
  fetch?: EarlyStartManifest['fetch'],
): EarlyStartManifest {
  const of = (path: string) => closure(bundle, file(path), base);
  const signedIn = SIGNED_IN_ROOTS.flatMap(of);
  // The resources' names: the signed-in app's catalogue.
  const labels = (lang: string) => of(`locales/generated/${lang}.json`);
  // Each resource's labels and its override's messages, which its page loads before it renders.
  const resources: Record<string, { cs: string[]; en: string[] }> = {};
  for (const item of Object.values(bundle)) {
    const at = item.type === 'chunk' ? (item.facadeModuleId ?? '').replace(/\\/g, '/') : '';
    const match = /\/((?:locales\/generated|overrides)\/([^/]+)\/(cs|en)\.json)$/.exec(at);
    if (!match) continue;
    const [, path, name, lang] = match as unknown as [string, string, string, 'cs' | 'en'];
    (resources[name] ??= { cs: [], en: [] })[lang].push(...of(path));
  }
  return {
    stylesheets,
    modules: {
      cs: of('locales/cs.json'),
      en: of('locales/en.json'),
      signedIn: [...new Set(signedIn)],
      labels: { cs: labels('cs'), en: labels('en') },
      resources,
    },
    ...(fetch && { fetch }),
  };
}

/** index.html's stylesheet links made preloads, which the early start applies; and their hrefs. */
export function preloadStylesheets(html: string): { html: string; stylesheets: string[] } {
  const stylesheets: string[] = [];
  const page = html.replace(
    /<link rel="stylesheet"([^>]*?)\bhref="([^"]*)"([^>]*)>/g,
    (_link, before: string, href: string, after: string) => {
      stylesheets.push(href);
      return `<link rel="preload" as="style"${before}href="${href}"${after}>`;
    },
  );
  return { html: page, stylesheets };
}

/**
 * Inlines `earlyStart` (src/boot/early-start.ts) into index.html's head with its manifest
 * ({@link earlyStartManifest}): the modules to hint, to arrive in one wave with the entry.
 */
export function inlineEarlyStart(): Plugin {
  let base = '/';
  let fetch: EarlyStartManifest['fetch'];
  return {
    name: 'joule-early-start',
    apply: browserBuild,
    configResolved(config) {
      base = config.base;
      fetch = earlyFetch(config.env.VITE_API_URL as string | undefined);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        if (!bundle) return;
        const page = preloadStylesheets(html);
        const manifest = earlyStartManifest(bundle, page.stylesheets, base, fetch);
        const { code } = await transformWithEsbuild(
          `(${earlyStart.toString()})(${JSON.stringify(manifest)})`,
          'early-start.js',
          { minify: true },
        );
        return {
          html: page.html,
          tags: [{ tag: 'script', children: code, injectTo: 'head-prepend' }],
        };
      },
    },
  };
}

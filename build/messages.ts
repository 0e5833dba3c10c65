import { parse as parseMessage } from '@formatjs/icu-messageformat-parser';
import type { Plugin, Rollup } from 'vite';
import { SIGNED_IN_ROOTS } from './chunks';

/** A message catalogue's module id: `locales/**.json`, `overrides/<folder>/<lang>.json`. */
export const CATALOGUE =
  /[\\/](?:locales[\\/][^?]*|overrides[\\/][^\\/?]+[\\/](?:cs|en))\.json(?:\?lazy)?$/;

/** A catalogue's JSON (id → ICU message text) with each message compiled to its ICU AST. */
export function compileCatalogue(json: string): string {
  const messages = JSON.parse(json) as Record<string, string>;
  return JSON.stringify(
    Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parseMessage(text)])),
  );
}

/** The global each chunk adds the app's messages it alone shows to (src/i18n/catalogues.ts). */
export const CARRIED_MESSAGES = '__jouleMessages';

/**
 * Which chunk shows which of the app's message ids (`ids`), from the ids its code quotes: the
 * first page's chunks' (entry, {@link SIGNED_IN_ROOTS}, what they import), those quoted nowhere
 * and those any code makes at run time (`app.x.${…}`, `"app.x."+…`) stay in the app's
 * catalogue (`early`); other chunks carry theirs.
 */
export function messagesByChunk(
  chunks: Readonly<Record<string, Rollup.RenderedChunk>>,
  ids: ReadonlySet<string>,
): { early: Set<string>; carried: Map<string, string[]> } {
  const root = ({ isEntry, moduleIds }: Rollup.RenderedChunk) =>
    isEntry || moduleIds.some((id) => SIGNED_IN_ROOTS.some((path) => id.endsWith(path)));
  const first = new Set(Object.keys(chunks).filter((name) => root(chunks[name]!)));
  // A set visits what is added while it is walked: the first page's chunks and their imports.
  for (const name of first) chunks[name]?.imports.forEach((next) => first.add(next));
  const made: string[] = [];
  const quoted = Object.entries(chunks).map(([name, { modules }]) => {
    const all = Object.entries(modules)
      .map(([id, { code }]) => (CATALOGUE.test(id) ? '' : code))
      .join('\n');
    made.push(...[...all.matchAll(/["'`]([\w.-]+\.)(?:\$\{|["'`]\s*\+)/g)].map((m) => m[1]!));
    const texts = [...all.matchAll(/["'`]([\w.-]+)["'`]/g)].map((match) => match[1]!);
    return [name, new Set(texts.filter((id) => ids.has(id)))] as const;
  });
  const shown = (id: string, early: boolean) =>
    quoted.some(([name, found]) => first.has(name) === early && found.has(id));
  const atRunTime = (id: string) => made.some((prefix) => id.startsWith(prefix));
  const stays = (id: string) => shown(id, true) || !shown(id, false) || atRunTime(id);
  const early = new Set([...ids].filter(stays));
  const carried = quoted
    .filter(([name]) => !first.has(name))
    .map(([name, found]) => [name, [...found].filter((id) => !early.has(id)).sort()] as const);
  return { early, carried: new Map(carried.filter(([, own]) => own.length)) };
}

/** The app's own catalogue (`locales/<lang>.json`), with its language (group 1). */
const APP_CATALOGUE = /[\\/]locales[\\/](cs|en)\.json$/;

/**
 * Ships the catalogues precompiled to ICU ASTs (react-intl without its parser,
 * `productionAliases`: ~12 kB gzip less) and, in the browser's build, the app's messages split
 * by the chunk that shows them ({@link messagesByChunk}): the app's catalogue keeps the first
 * page's, and every other chunk ends by adding its own, in both languages, to
 * {@link CARRIED_MESSAGES} before any of its code renders (docs/architecture.md "How the
 * pages stay small"). `npm run check:messages` keeps every id of the code in both catalogues.
 */
export function shippedMessages(): Plugin {
  const app: Record<string, Record<string, unknown>> = {};
  let ssr = false;
  let plan: ReturnType<typeof messagesByChunk> | undefined;
  const pick = (lang: string, ids: Iterable<string>) =>
    JSON.stringify(Object.fromEntries([...ids].map((id) => [id, app[lang]![id]])));
  return {
    name: 'joule-shipped-messages',
    apply: 'build',
    enforce: 'pre',
    configResolved: (config) => void (ssr = !!config.build.ssr),
    buildStart: () => void (plan = undefined),
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      const compiled = compileCatalogue(code);
      const [, lang] = APP_CATALOGUE.exec(id) ?? [];
      if (lang) app[lang] = JSON.parse(compiled) as Record<string, unknown>;
      return { code: compiled, map: null };
    },
    renderChunk(code, chunk, _options, { chunks }) {
      if (ssr || !app.cs || !app.en) return null;
      plan ??= messagesByChunk(chunks, new Set(Object.keys(app.cs)));
      const [, lang] = APP_CATALOGUE.exec(chunk.facadeModuleId ?? '') ?? [];
      if (lang) {
        const early = Object.keys(app[lang]!).filter((id) => plan!.early.has(id));
        return { code: `export default ${pick(lang, early)};`, map: { mappings: '' } };
      }
      const own = plan.carried.get(chunk.fileName);
      if (!own) return null;
      const carried = `{cs:${pick('cs', own)},en:${pick('en', own)}}`;
      const push = `;(globalThis.${CARRIED_MESSAGES}||=[]).push(${carried});`;
      return { code: `${code}\n${push}`, map: null };
    },
  };
}

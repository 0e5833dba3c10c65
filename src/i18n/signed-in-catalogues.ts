/**
 * The catalogues only the signed-in app uses (src/i18n/catalogues.ts, steps 2 and 3): the
 * generated labels (`locales/generated/<lang>.json`, `locales/generated/<resource>/<lang>.json`)
 * and the overrides' messages (`locales/overrides/<lang>.json`,
 * `locales/overrides/deferred/<lang>.json`), and the app's messages of the runtime's code
 * loaded on first use (`locales/deferred/<lang>.json`: src/resources/dialog-messages.ts). A
 * chunk of its own, loaded with the first of them: the login page's entry does without this
 * map of some thirty chunks.
 *
 * Step 2 loads file by file (the resources' names, the labels of the resources whose pages
 * are shown, the overrides' messages of the registry's code); step 3 loads the rest of a
 * language in one chunk (`./deferred/<lang>.ts`) rather than some twenty-five.
 */
import type { Language } from './settings';

/** Message id → ICU message text. */
type Messages = Readonly<Record<string, string>>;

// A glob rather than named imports: the generated catalogues may not exist yet in a fresh
// checkout, and a missing file must not break the build.
const files: Record<string, () => Promise<unknown>> = import.meta.glob(
  ['../../locales/generated/**/*.json', '../../locales/overrides/*.json'],
  { import: 'default' },
);

/** Each language's step-3 files in one chunk: path → messages. */
const deferredChunks: Record<Language, () => Promise<Record<string, Messages>>> = {
  cs: () => import('./deferred/cs').then((module) => module.default),
  en: () => import('./deferred/en').then((module) => module.default),
};

async function loadFile(path: string): Promise<Messages> {
  const load = files[path];
  const data = load ? await load() : {};
  return data && typeof data === 'object' ? (data as Messages) : {};
}

/** `lang`'s resources' names (menus, titles, snackbars: `locales/generated/<lang>.json`). */
const loadNames = (lang: Language) => loadFile(`../../locales/generated/${lang}.json`);
/** `lang`'s messages of the overrides the registry's code shows (`locales/overrides/<lang>.json`). */
const loadOverrides = (lang: Language) => loadFile(`../../locales/overrides/${lang}.json`);

/**
 * The layers of `lang`'s step-3 chunk, most general first: every resource's labels, the
 * overrides' deferred messages, the runtime's dialog messages.
 */
async function deferredLayers(lang: Language): Promise<{ labels: Messages[]; rest: Messages[] }> {
  const chunk = await deferredChunks[lang]();
  const layers = (pattern: RegExp) =>
    Object.keys(chunk)
      .filter((path) => pattern.test(path))
      .sort()
      .map((path) => chunk[path]!);
  return {
    labels: layers(/\/locales\/generated\/[^/]+\/[^/]+\.json$/),
    rest: [
      ...layers(/\/locales\/overrides\/deferred\/[^/]+\.json$/),
      ...layers(/\/locales\/deferred\/[^/]+\.json$/),
    ],
  };
}

/**
 * `lang`'s signed-in catalogue, merged most general first (a later file's message wins):
 * the resources' names, the labels of `resources` (with `deferred`, of every resource), the
 * overrides' messages the registry's code shows, and with `deferred` the messages of code
 * loaded on first use (the overrides' and the runtime's).
 */
export async function loadSignedInCatalogue(
  lang: Language,
  deferred: boolean,
  resources: Iterable<string>,
): Promise<Messages> {
  const below: Promise<{ labels: Messages[]; rest: Messages[] }> = deferred
    ? deferredLayers(lang)
    : Promise.all(
        [...resources].map((name) => loadFile(`../../locales/generated/${name}/${lang}.json`)),
      ).then((labels) => ({ labels, rest: [] }));
  const [names, overrides, { labels, rest }] = await Promise.all([
    loadNames(lang),
    loadOverrides(lang),
    below,
  ]);
  return Object.assign({}, names, ...labels, overrides, ...rest) as Messages;
}

/** Starts loading every file of `lang`'s catalogue with `deferred`, without merging them. */
export function preloadDeferred(lang: Language): void {
  const quiet = (loading: Promise<unknown>) => void loading.catch(() => undefined);
  quiet(loadNames(lang));
  quiet(loadOverrides(lang));
  quiet(deferredChunks[lang]());
}

/**
 * The catalogues only the signed-in app uses (src/i18n/catalogues.ts, steps 2 and 3): the
 * generated labels (`locales/generated/<lang>.json`, `locales/generated/<resource>/<lang>.json`)
 * and the overrides' messages (`overrides/<folder>/<lang>.json`). A chunk of its own,
 * loaded with the first of them: the login page's entry does without this map of some thirty
 * chunks.
 *
 * Step 2 loads the resources' names, the labels of the resources whose pages are shown and
 * the overrides' messages (one chunk per language, `./overrides-<lang>.ts`); step 3 loads
 * every resource's labels in one chunk (`./lazy/<lang>.ts`) rather than some twenty-five.
 */
import type { Language } from './settings';

/** Message id → ICU message text. */
type Messages = Readonly<Record<string, string>>;

// A glob rather than named imports: the generated catalogues may not exist yet in a fresh
// checkout, and a missing file must not break the build.
const files: Record<string, () => Promise<unknown>> = import.meta.glob(
  '../../locales/generated/**/*.json',
  { import: 'default' },
);

/** Each language's overrides' messages in one chunk: path → messages. */
const overrideChunks: Record<Language, () => Promise<Record<string, Messages>>> = {
  cs: () => import('./overrides-cs').then((module) => module.default),
  en: () => import('./overrides-en').then((module) => module.default),
};

/** Each language's step-3 files in one chunk: path → messages. */
const lazyChunks: Record<Language, () => Promise<Record<string, Messages>>> = {
  cs: () => import('./lazy/cs').then((module) => module.default),
  en: () => import('./lazy/en').then((module) => module.default),
};

async function loadFile(path: string): Promise<Messages> {
  const load = files[path];
  const data = load ? await load() : {};
  return data && typeof data === 'object' ? (data as Messages) : {};
}

/** `lang`'s resources' names (menus, titles, snackbars: `locales/generated/<lang>.json`). */
const loadNames = (lang: Language) => loadFile(`../../locales/generated/${lang}.json`);
/** `lang`'s messages of the overrides (`overrides/<folder>/<lang>.json`), merged. */
const loadOverrides = (lang: Language): Promise<Messages> =>
  overrideChunks[lang]().then((chunk) =>
    Object.assign(
      {},
      ...Object.keys(chunk)
        .sort()
        .map((path) => chunk[path]),
    ),
  );

/** `lang`'s step-3 chunk: every resource's labels. */
async function lazyLabels(lang: Language): Promise<Messages[]> {
  const chunk = await lazyChunks[lang]();
  return Object.keys(chunk)
    .sort()
    .map((path) => chunk[path]!);
}

/**
 * `lang`'s signed-in catalogue, merged most general first (a later file's message wins):
 * the resources' names, the labels of `resources` (with `lazy`, of every resource) and
 * the overrides' messages.
 */
export async function loadSignedInCatalogue(
  lang: Language,
  lazy: boolean,
  resources: Iterable<string>,
): Promise<Messages> {
  const labels: Promise<Messages[]> = lazy
    ? lazyLabels(lang)
    : Promise.all(
        [...resources].map((name) => loadFile(`../../locales/generated/${name}/${lang}.json`)),
      );
  const [names, overrides, resourceLabels] = await Promise.all([
    loadNames(lang),
    loadOverrides(lang),
    labels,
  ]);
  return Object.assign({}, names, ...resourceLabels, overrides) as Messages;
}

/** Starts loading every file of `lang`'s catalogue with `lazy`, without merging them. */
export function preloadLazy(lang: Language): void {
  const quiet = (loading: Promise<unknown>) => void loading.catch(() => undefined);
  quiet(loadNames(lang));
  quiet(overrideChunks[lang]());
  quiet(lazyChunks[lang]());
}

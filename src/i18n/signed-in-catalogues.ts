/**
 * The catalogues only the signed-in app uses (src/i18n/catalogues.ts, steps 2 and 3): the
 * generated labels (`locales/generated/<lang>.json`, `locales/generated/<resource>/<lang>.json`)
 * and the overrides' messages (`overrides/<folder>/<lang>.json`). A chunk of its own,
 * loaded with the first of them: the login page's entry does without this map of some
 * seventy-five files.
 *
 * Step 2 loads the resources' names and, for each resource whose page is shown, its labels
 * and the messages of its override (`overrides/<resource>/`, docs/extending.md "Messages"):
 * one small chunk each. Step 3 loads every resource's labels and every override's messages in
 * one chunk (`./lazy/<lang>.ts`) rather than one per file.
 */
import type { Language } from './settings';

/** Message id → ICU message text. */
type Messages = Readonly<Record<string, string>>;

// Globs rather than named imports: the generated catalogues may not exist yet in a fresh
// checkout, and a missing file must not break the build.
const files: Record<string, () => Promise<unknown>> = {
  ...import.meta.glob('../../locales/generated/**/*.json', { import: 'default' }),
  ...import.meta.glob('../../overrides/*/*.json', { import: 'default' }),
};

/** Each language's step-3 files in one chunk: path → messages, labels and overrides apart. */
type LazyChunk = Readonly<Record<'labels' | 'overrides', Record<string, Messages>>>;
const lazyChunks: Record<Language, () => Promise<LazyChunk>> = {
  cs: () => import('./lazy/cs'),
  en: () => import('./lazy/en'),
};

async function loadFile(path: string): Promise<Messages> {
  const load = files[path];
  const data = load ? await load() : {};
  return data && typeof data === 'object' ? (data as Messages) : {};
}

/** `lang`'s resources' names (menus, titles, snackbars: `locales/generated/<lang>.json`). */
const loadNames = (lang: Language) => loadFile(`../../locales/generated/${lang}.json`);

/** The files of a step-3 chunk's part, in the order of their paths. */
const inOrder = (part: Record<string, Messages>): Messages[] =>
  Object.keys(part)
    .sort()
    .map((path) => part[path]!);

/**
 * `lang`'s signed-in catalogue, merged most general first (a later file's message wins):
 * the resources' names, the labels of `resources` (with `lazy`, of every resource) and the
 * messages of their overrides (with `lazy`, of every override).
 */
export async function loadSignedInCatalogue(
  lang: Language,
  lazy: boolean,
  resources: Iterable<string>,
): Promise<Messages> {
  const names = [...resources].sort();
  const [general, labels, overrides] = await Promise.all([
    loadNames(lang),
    lazy
      ? lazyChunks[lang]().then((chunk) => inOrder(chunk.labels))
      : Promise.all(names.map((name) => loadFile(`../../locales/generated/${name}/${lang}.json`))),
    lazy
      ? lazyChunks[lang]().then((chunk) => inOrder(chunk.overrides))
      : Promise.all(names.map((name) => loadFile(`../../overrides/${name}/${lang}.json`))),
  ]);
  return Object.assign({}, general, ...labels, ...overrides) as Messages;
}

/** Starts loading every file of `lang`'s catalogue with `lazy`, without merging them. */
export function preloadLazy(lang: Language): void {
  const quiet = (loading: Promise<unknown>) => void loading.catch(() => undefined);
  quiet(loadNames(lang));
  quiet(lazyChunks[lang]());
}

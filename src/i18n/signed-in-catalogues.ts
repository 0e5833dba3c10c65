/**
 * The catalogues only the signed-in app uses (src/i18n/catalogues.ts, steps 2 and 3): the
 * generated labels (`locales/generated/<lang>.json`, `locales/generated/<resource>/<lang>.json`)
 * and the overrides' messages (`locales/overrides/<lang>.json`,
 * `locales/overrides/deferred/<lang>.json`), and the app's messages of the runtime's code
 * loaded on first use (`locales/deferred/<lang>.json`: src/resources/dialog-messages.ts). A chunk of its own, loaded with the first of
 * them: the login page's entry does without this map of some fifty chunks.
 */
import type { Language } from './settings';

/** Message id → ICU message text. */
type Messages = Readonly<Record<string, string>>;

// A glob rather than named imports: the generated catalogues may not exist yet in a fresh
// checkout, and a missing file must not break the build.
const files: Record<string, () => Promise<unknown>> = import.meta.glob(
  [
    '../../locales/generated/**/*.json',
    '../../locales/overrides/**/*.json',
    '../../locales/deferred/*.json',
  ],
  { import: 'default' },
);

async function loadFile(path: string): Promise<Messages> {
  const load = files[path];
  const data = load ? await load() : {};
  return data && typeof data === 'object' ? (data as Messages) : {};
}

/**
 * The files of `lang`'s signed-in catalogue, most general first: the resources' names, the
 * labels of `resources` and the overrides' messages the registry's code shows; with
 * `deferred`, every resource's labels and the messages of code loaded on first use too (the
 * overrides' and the runtime's).
 */
function filesOf(lang: Language, deferred: boolean, resources: Iterable<string>): string[] {
  const labels = deferred
    ? Object.keys(files).filter((path) => new RegExp(`generated/[^/]+/${lang}\\.json$`).test(path))
    : [...resources].map((name) => `../../locales/generated/${name}/${lang}.json`);
  return [
    `../../locales/generated/${lang}.json`,
    ...labels,
    `../../locales/overrides/${lang}.json`,
    ...(deferred
      ? [`../../locales/overrides/deferred/${lang}.json`, `../../locales/deferred/${lang}.json`]
      : []),
  ];
}

/**
 * `lang`'s signed-in catalogue (see {@link filesOf}), merged in order: a later file's
 * message wins.
 */
export async function loadSignedInCatalogue(
  lang: Language,
  deferred: boolean,
  resources: Iterable<string>,
): Promise<Messages> {
  const layers = await Promise.all(filesOf(lang, deferred, resources).map(loadFile));
  return Object.assign({}, ...layers) as Messages;
}

/** Starts loading every file of `lang`'s catalogue with `deferred`, without merging them. */
export function preloadDeferred(lang: Language): void {
  filesOf(lang, true, []).forEach((path) => void loadFile(path).catch(() => undefined));
}

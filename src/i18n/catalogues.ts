/**
 * Message catalogues (docs/product.md §1 "The default is Czech and English is the fallback").
 *
 * A language's catalogue is the hand-written `locales/<lang>.json` (the app) and
 * `locales/overrides/<lang>.json` (the messages of `overrides/`) over the generated labels
 * `locales/generated/<lang>.json`. The English fallback is settled before run time:
 * codegen writes a label the API gives no Czech text for from its English answer, and
 * `npm run check:messages` fails when a hand-written id lacks either language. So Czech is
 * complete on its own and the login page loads one language only. Catalogues load on
 * demand: each JSON file is its own chunk. The generated labels (resource and field names)
 * and the overrides' messages join only once the signed-in app asks for them
 * ({@link wantResourceLabels}): the login page shows neither and does without them.
 */
import { getSettings, type Language } from './settings';

/** Message id → ICU message text. */
export type Messages = Readonly<Record<string, string>>;

type Loader = () => Promise<unknown>;

// A glob rather than named imports: the generated catalogues may not exist yet in a fresh
// checkout, and a missing file must not break the build.
const files: Record<string, Loader> = import.meta.glob('../../locales/**/*.json', {
  import: 'default',
});

async function loadFile(path: string): Promise<Messages> {
  const load = files[path];
  if (!load) return {};
  const data = await load();
  return data && typeof data === 'object' ? (data as Messages) : {};
}

/**
 * The languages each language falls back to at run time, most general first: none, since
 * every catalogue is complete (see above).
 */
const fallbacks: Readonly<Record<Language, readonly Language[]>> = { en: [], cs: [] };

async function loadOwn(lang: Language, labels: boolean): Promise<Messages> {
  const [generated, customised, written] = await Promise.all([
    labels ? loadFile(`../../locales/generated/${lang}.json`) : {},
    labels ? loadFile(`../../locales/overrides/${lang}.json`) : {},
    loadFile(`../../locales/${lang}.json`),
  ]);
  return { ...generated, ...customised, ...written };
}

let labelsWanted = false;
const labelListeners = new Set<() => void>();

/**
 * From now on, catalogues include the generated labels (`locales/generated/<lang>.json`:
 * resource, field and choice names) and the overrides' messages
 * (`locales/overrides/<lang>.json`) under the app's messages; `I18nProvider` loads
 * them and re-renders. Called by the signed-in app before it renders (the shell's loader,
 * src/app/routes.tsx; the registry's, src/app/shell-registry.ts, which the server-side
 * renderer and hydration use); never undone. Resolves to the catalogue of the language in
 * the settings, labels included.
 */
export function wantResourceLabels(): Promise<Messages> {
  if (!labelsWanted) {
    labelsWanted = true;
    labelListeners.forEach((listener) => listener());
  }
  return loadMessages(getSettings().language);
}

/** Whether the catalogues include the generated labels and the overrides' messages ({@link wantResourceLabels}). */
export function resourceLabelsWanted(): boolean {
  return labelsWanted;
}

/** Calls `listener` when the generated labels are first wanted; returns the unsubscribe. */
export function subscribeResourceLabels(listener: () => void): () => void {
  labelListeners.add(listener);
  return () => labelListeners.delete(listener);
}

/** Catalogues merged in order: a later layer's message wins over an earlier one's. */
export function mergeCatalogues(layers: readonly Messages[]): Messages {
  return Object.assign({}, ...layers) as Messages;
}

/** The languages whose catalogues make up `lang`'s, most general first (en, then cs). */
export function catalogueLayers(lang: Language): readonly Language[] {
  return [...fallbacks[lang], lang];
}

/** Catalogues by language and whether they include the generated labels. */
const cache = new Map<string, Promise<Messages>>();
const loaded = new Map<string, Messages>();
const keyOf = (lang: Language) => `${lang}:${labelsWanted ? 'labels' : 'messages'}`;

/**
 * The catalogue of `lang` (with the generated labels once they are wanted) if it has loaded
 * already, for a first render that must match the server's (hydration,
 * src/app/bootstrap.tsx); undefined otherwise.
 */
export function loadedMessages(lang: Language): Messages | undefined {
  return loaded.get(keyOf(lang));
}

/**
 * The full catalogue of a language: fallbacks first, then generated labels and the
 * overrides' messages (once wanted, {@link wantResourceLabels}), then the app's
 * messages, each later one winning.
 * Loaded once per language and set of layers.
 */
export function loadMessages(lang: Language): Promise<Messages> {
  const key = keyOf(lang);
  const labels = labelsWanted;
  let messages = cache.get(key);
  if (!messages) {
    messages = Promise.all(catalogueLayers(lang).map((layer) => loadOwn(layer, labels)))
      .then(mergeCatalogues)
      .then((merged) => {
        loaded.set(key, merged);
        return merged;
      });
    cache.set(key, messages);
  }
  return messages;
}

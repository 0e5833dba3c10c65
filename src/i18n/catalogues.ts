/**
 * Message catalogues (docs/product.md §1 "The default is Czech and English is the fallback").
 *
 * A language's catalogue is the hand-written `locales/<lang>.json` over the generated
 * labels `locales/generated/<lang>.json`. The English fallback is settled before run time:
 * codegen writes a label the API gives no Czech text for from its English answer, and
 * `npm run check:messages` fails when a hand-written id lacks either language. So Czech is
 * complete on its own and the login page loads one language only. Catalogues load on
 * demand: each JSON file is its own chunk.
 */
import type { Language } from './settings';

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

async function loadOwn(lang: Language): Promise<Messages> {
  const [generated, written] = await Promise.all([
    loadFile(`../../locales/generated/${lang}.json`),
    loadFile(`../../locales/${lang}.json`),
  ]);
  return { ...generated, ...written };
}

/** Catalogues merged in order: a later layer's message wins over an earlier one's. */
export function mergeCatalogues(layers: readonly Messages[]): Messages {
  return Object.assign({}, ...layers) as Messages;
}

/** The languages whose catalogues make up `lang`'s, most general first (en, then cs). */
export function catalogueLayers(lang: Language): readonly Language[] {
  return [...fallbacks[lang], lang];
}

const cache = new Map<Language, Promise<Messages>>();
const loaded = new Map<Language, Messages>();

/**
 * The catalogue of `lang` if it has loaded already, for a first render that must match
 * the server's (hydration, src/app/bootstrap.tsx); undefined otherwise.
 */
export function loadedMessages(lang: Language): Messages | undefined {
  return loaded.get(lang);
}

/**
 * The full catalogue of a language: fallbacks first, then generated labels, then the
 * hand-written messages, each later one winning. Loaded once per language.
 */
export function loadMessages(lang: Language): Promise<Messages> {
  let messages = cache.get(lang);
  if (!messages) {
    messages = Promise.all(catalogueLayers(lang).map(loadOwn))
      .then(mergeCatalogues)
      .then((merged) => {
        loaded.set(lang, merged);
        return merged;
      });
    cache.set(lang, messages);
  }
  return messages;
}

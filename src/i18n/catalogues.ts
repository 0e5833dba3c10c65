/**
 * Message catalogues (docs/product.md §1 "The default is Czech and English is the fallback").
 *
 * A language's catalogue is the hand-written `locales/<lang>.json` (the app) and the
 * overrides' messages over the generated labels `locales/generated/<lang>.json`. The
 * English fallback is settled before run time: codegen writes a label the API gives no
 * Czech text for from its English answer, and `npm run check:messages` fails when a
 * hand-written id lacks either language. So Czech is complete on its own and the login page
 * loads one language only. Catalogues are lazy: each JSON file is its own chunk, in
 * three steps (docs/architecture.md "How the pages stay small"):
 *
 * 1. the app's messages: the login page shows nothing else;
 * 2. once the signed-in app asks for them ({@link wantResourceLabels}), the resources' names
 *    (`locales/generated/<lang>.json`: menus, page titles, snackbars), and of the resources
 *    whose pages it shows their labels (`locales/generated/<resource>/<lang>.json`: fields,
 *    choices) and their overrides' messages (`overrides/<resource>/<lang>.json`: list cells,
 *    toolbar buttons);
 * 3. once code loaded on first use asks for them ({@link wantLazyMessages}: a dialog,
 *    an override's panel or page, the filter bar), every resource's labels and every
 *    override's messages (`overrides/<folder>/<lang>.json`).
 */
import type * as SignedInCatalogues from './signed-in-catalogues';
import { getSettings, type Language } from './settings';

/** Message id → ICU message text. */
export type Messages = Readonly<Record<string, string>>;

type Loader = () => Promise<unknown>;

// A glob rather than named imports (a missing file must not break the build). The
// catalogues of the signed-in app, and which files make them up, are a chunk of their own
// (signed-in-catalogues.ts), loaded with the first of them.
const files: Record<string, Loader> = import.meta.glob('../../locales/*.json', {
  import: 'default',
});
/** The signed-in catalogues' module once loaded, so that a preload can start in the same task. */
type SignedInModule = typeof SignedInCatalogues;
let signedInModule: SignedInModule | undefined;
const signedIn = (): Promise<SignedInModule> =>
  signedInModule
    ? Promise.resolve(signedInModule)
    : import('./signed-in-catalogues').then((module) => (signedInModule = module));

/**
 * The languages each language falls back to at run time, most general first: none, since
 * every catalogue is complete (see above).
 */
const fallbacks: Readonly<Record<Language, readonly Language[]>> = { en: [], cs: [] };

/** Which catalogues beyond the app's own are wanted: none, step 2 or step 3 (see above). */
type Wanted = 'app' | 'labels' | 'lazy';
const steps: readonly Wanted[] = ['app', 'labels', 'lazy'];

/** `lang`'s own catalogue at step `wanted` with the labels of `resources`. */
async function loadOwn(
  lang: Language,
  wanted: Wanted,
  resources: readonly string[],
): Promise<Messages> {
  const load = files[`../../locales/${lang}.json`];
  const [written, below] = await Promise.all([
    load?.(),
    wanted === 'app'
      ? {}
      : signedIn().then((module) =>
          module.loadSignedInCatalogue(lang, wanted === 'lazy', resources),
        ),
  ]);
  return mergeCatalogues([below, (written ?? {}) as Messages]);
}

let wanted: Wanted = 'app';
/** The resources whose labels are wanted (step 2; step 3 has every resource's). */
const labelled = new Set<string>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/**
 * Moves on to step `next` (never back) with the labels of `resources`, and resolves to the
 * settings' language's catalogue.
 */
function want(next: Wanted, resources: readonly string[] = []): Promise<Messages> {
  const added = resources.filter((name) => !labelled.has(name));
  added.forEach((name) => labelled.add(name));
  if (steps.indexOf(next) > steps.indexOf(wanted)) {
    wanted = next;
    notify();
  } else if (added.length > 0 && wanted === 'labels') {
    notify();
  }
  return loadMessages(getSettings().language);
}

/**
 * From now on, catalogues include the resources' names (`locales/generated/<lang>.json`),
 * the labels of `resources` (`locales/generated/<resource>/<lang>.json`: field and choice
 * names) and their overrides' messages (`overrides/<resource>/<lang>.json`) under the app's
 * messages; `I18nProvider` loads them and
 * re-renders. Called by the signed-in app before it renders (the shell's registry,
 * src/app/route-data.tsx and src/app/shell-registry.ts, without resources; a resource's route
 * and the hydration of its server-rendered page, src/app/route-data.tsx and
 * src/boot/hydrate.tsx, with that resource); never undone. Resolves to the catalogue of the language in the settings,
 * labels included.
 */
export function wantResourceLabels(resources: readonly string[] = []): Promise<Messages> {
  return want('labels', resources);
}

/**
 * From now on, catalogues also include the messages of the overrides' code loaded on first
 * use (`overrides/<folder>/<lang>.json`: dialogs' panels and widgets, the reports
 * page, the import dialog, the users' privilege filter), and every resource's labels; never
 * undone. Code loaded on first use waits for it before it renders (`lazyComponent`, the
 * record dialog, src/resources), so that it never shows a message id. Resolves once
 * `I18nProvider` has the catalogue of the language in the settings.
 */
export function wantLazyMessages(): Promise<Messages> {
  return want('lazy');
}

/**
 * Starts loading the files of {@link wantLazyMessages} without adding them to the
 * catalogue yet (which would render the whole app again): a list page calls it with its
 * dialog's code, once its rows are painted, so that the first dialog does not wait for them.
 */
export function preloadLazyMessages(): void {
  const { language } = getSettings();
  const start = (module: SignedInModule) => catalogueLayers(language).forEach(module.preloadLazy);
  // At once when the module is here: a server-rendered page calls this just before it
  // hydrates, and a promise's callback would wait until hydration has yielded.
  if (signedInModule) start(signedInModule);
  else void signedIn().then(start);
}

/** Whether the catalogues include the generated labels and the overrides' messages ({@link wantResourceLabels}). */
export function resourceLabelsWanted(): boolean {
  return wanted !== 'app';
}

/**
 * What the catalogues include beyond the app's messages, as a key that changes when it
 * grows ({@link wantResourceLabels}, {@link wantLazyMessages}).
 */
export function wantedCatalogues(): string {
  return keyOf('cs');
}

/**
 * Calls `listener` when the catalogues wanted grow ({@link wantResourceLabels},
 * {@link wantLazyMessages}) and when a catalogue has loaded ({@link loadedMessages} then
 * has it); returns the unsubscribe.
 */
export function subscribeCatalogues(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Catalogues merged in order: a later layer's message wins over an earlier one's. */
export function mergeCatalogues(layers: readonly Messages[]): Messages {
  return Object.assign({}, ...layers) as Messages;
}

/** The languages whose catalogues make up `lang`'s, most general first (en, then cs). */
export function catalogueLayers(lang: Language): readonly Language[] {
  return [...fallbacks[lang], lang];
}

/** Catalogues by language and the step wanted. */
const cache = new Map<string, Promise<Messages>>();
const loaded = new Map<string, Messages>();
const keyOf = (lang: Language) =>
  wanted === 'labels' ? `${lang}:labels:${[...labelled].sort().join()}` : `${lang}:${wanted}`;

/** What a chunk of the build adds to the app's messages: language → id → message. */
type Carried = Readonly<Partial<Record<Language, Messages>>>;

declare global {
  /** The app's messages the chunks of the build carry (build/messages.ts `CARRIED_MESSAGES`). */
  var __jouleMessages: { push(entry: Carried): unknown } | undefined;
}

/**
 * The app's messages that the build moved out of `locales/<lang>.json` into the chunks that
 * show them (build/messages.ts `shippedMessages`; docs/architecture.md "How the pages stay small"):
 * each such chunk adds its own as it loads, before any of its code renders. They join every
 * catalogue loaded so far, in place (so `IntlProvider` has them without rendering anew), and
 * every catalogue loaded later. None in development and tests: there each catalogue is whole.
 */
const carried: Record<Language, Record<string, string>> = { cs: {}, en: {} };

/** Adds a chunk's messages to {@link carried} and to the catalogues loaded. */
function carry(entry: Carried): void {
  for (const lang of Object.keys(carried) as Language[]) {
    const own = entry[lang];
    if (!own) continue;
    Object.assign(carried[lang], own);
    for (const [key, messages] of loaded)
      if (key.startsWith(`${lang}:`)) Object.assign(messages, own);
  }
}
const queued = globalThis.__jouleMessages;
globalThis.__jouleMessages = { push: carry };
if (Array.isArray(queued)) (queued as Carried[]).forEach(carry);

/**
 * The catalogue of `lang` with what is wanted now (the generated labels, the lazy
 * messages) if it has loaded already, for a render that must match the server's
 * (hydration, src/boot/start.tsx) and for `I18nProvider`; undefined otherwise.
 */
export function loadedMessages(lang: Language): Messages | undefined {
  return loaded.get(keyOf(lang));
}

/**
 * The full catalogue of a language: fallbacks first, then generated labels and the
 * overrides' messages (once wanted, {@link wantResourceLabels}, {@link wantLazyMessages}),
 * then the app's messages, each later one winning. Loaded once per language and set of
 * layers; once loaded, the subscribers of {@link subscribeCatalogues} are told before the
 * promise resolves, so that `I18nProvider` renders with it before whatever waited for it.
 */
export function loadMessages(lang: Language): Promise<Messages> {
  const key = keyOf(lang);
  const step = wanted;
  const resources = [...labelled];
  let messages = cache.get(key);
  if (!messages) {
    messages = Promise.all(catalogueLayers(lang).map((layer) => loadOwn(layer, step, resources)))
      .then((layers) => mergeCatalogues([...layers, carried[lang]]))
      .then((merged) => {
        loaded.set(key, merged);
        notify();
        return merged;
      });
    cache.set(key, messages);
  }
  return messages;
}

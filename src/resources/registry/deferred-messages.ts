/**
 * The messages of code loaded on first use (README "How the pages stay small"): a list page
 * loads only the messages it shows; a dialog, an override's panel or page, the filter bar
 * bring the rest, and render only once the catalogue has them, so that none shows a message
 * id. The runtime cannot load catalogues itself (src/i18n is the app's): the app hands the
 * loaders in ({@link setDeferredMessagesLoader}).
 */

/** How the app loads the messages of code loaded on first use. */
export interface DeferredMessagesLoader {
  /** Resolves once the catalogue in use has them (src/i18n `wantDeferredMessages`). */
  readonly load: () => Promise<unknown>;
  /**
   * Starts fetching them without adding them to the catalogue yet
   * (src/i18n `preloadDeferredMessages`).
   */
  readonly preload: () => void;
}

let loader: DeferredMessagesLoader = { load: () => Promise.resolve(), preload: () => {} };

/**
 * Sets what {@link loadDeferredMessages} and {@link preloadDeferredMessages} run. Until it is
 * set (unit tests, whose catalogues are whole), nothing is waited for.
 */
export function setDeferredMessagesLoader(next: DeferredMessagesLoader): void {
  loader = next;
}

/**
 * Resolves once the catalogue in use has the messages of code loaded on first use; code
 * that loads on first use waits for it with its module (`lazyComponent`, the record
 * dialog, an override's own dialog).
 */
export function loadDeferredMessages(): Promise<unknown> {
  return loader.load();
}

/** Starts fetching the messages of code loaded on first use, ahead of it (the dialog's preload). */
export function preloadDeferredMessages(): void {
  loader.preload();
}

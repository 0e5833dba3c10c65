/**
 * The messages of code loaded on first use (docs/architecture.md "How the pages stay small"): a list page
 * loads only the messages it shows; a dialog, an override's panel or page, the filter bar
 * bring the rest, and render only once the catalogue has them, so that none shows a message
 * id. The runtime cannot load catalogues itself (src/i18n is the app's): the app hands the
 * loaders in ({@link setLazyMessagesLoader}).
 */

/** How the app loads the messages of code loaded on first use. */
export interface LazyMessagesLoader {
  /** Resolves once the catalogue in use has them (src/i18n `wantLazyMessages`). */
  readonly load: () => Promise<unknown>;
  /**
   * Starts fetching them without adding them to the catalogue yet
   * (src/i18n `preloadLazyMessages`).
   */
  readonly preload: () => void;
}

let loader: LazyMessagesLoader = { load: () => Promise.resolve(), preload: () => {} };

/**
 * Sets what {@link loadLazyMessages} and {@link preloadLazyMessages} run. Until it is
 * set (unit tests, whose catalogues are whole), nothing is waited for.
 */
export function setLazyMessagesLoader(next: LazyMessagesLoader): void {
  loader = next;
}

/**
 * Resolves once the catalogue in use has the messages of code loaded on first use; code
 * that loads on first use waits for it with its module (`lazyComponent`, the record
 * dialog, an override's own dialog).
 */
export function loadLazyMessages(): Promise<unknown> {
  return loader.load();
}

/** Starts fetching the messages of code loaded on first use, ahead of it (the dialog's preload). */
export function preloadLazyMessages(): void {
  loader.preload();
}

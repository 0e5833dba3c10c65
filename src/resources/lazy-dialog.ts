import { lazy } from 'react';
import { loadLazyMessages, preloadLazyMessages } from './registry/lazy-messages';

/**
 * The performance mark a list page sets when it starts loading its dialog's code ahead of
 * a click (resource-page.tsx); `npm run bench:ui` counts the page's initial JS up to it.
 */
export const DIALOG_PRELOAD_MARK = 'joule.dialog-preload';

/** Loads the dialog module (rjsf and the widgets); resolves once it is loaded. */
export function preloadResourceDialog() {
  return import('./form/resource-dialog');
}

/**
 * Starts loading, ahead of a click, the dialog module, a resource's precompiled form
 * validators (`loadValidators`, its entry of `ResourceRuntime.formValidators`) and the
 * messages of code loaded on first use (registry/lazy-messages.ts), marking
 * {@link DIALOG_PRELOAD_MARK}; a failed load is left for the dialog to retry and show.
 * Called once a list's rows are painted: by the list page, and by a server-rendered page
 * as it hydrates (src/boot/start.tsx).
 */
export function preloadRecordDialog(loadValidators?: () => Promise<unknown>): void {
  performance.mark(DIALOG_PRELOAD_MARK);
  preloadResourceDialog().catch(() => undefined);
  loadValidators?.().catch(() => undefined);
  preloadLazyMessages();
}

/**
 * The create / edit dialog as a lazy component: rjsf and its validator load only when a
 * dialog first opens (or after the list is idle), never in the list's first chunk.
 */
export const LazyResourceDialog = lazy(() =>
  // The messages of its panels and widgets come with it (registry/lazy-messages.ts).
  Promise.all([preloadResourceDialog(), loadLazyMessages()]).then(([module]) => ({
    default: module.ResourceDialog,
  })),
);

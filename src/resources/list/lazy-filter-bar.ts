/**
 * The filter bar, loaded on first use (docs/architecture.md "How the pages stay small"): a list page
 * opens with its bar closed unless its URL filters it, so the bar's controls (reference
 * pickers, the calendar button, selects) stay out of the page's first load.
 */
import { lazyComponent } from '../registry/lazy-component';

/** `FilterBar`, its code loaded the first time it renders (a spinner meanwhile). */
export const LazyFilterBar = lazyComponent(() =>
  import('./filter-bar').then((module) => module.FilterBar),
);

/**
 * Starts loading the filter bar's code: when a list is opened filtered (its bar shows at
 * once) and when the pointer comes over "Filters". Resolves once it is here.
 */
export function preloadFilterBar(): Promise<void> {
  return LazyFilterBar.preload();
}

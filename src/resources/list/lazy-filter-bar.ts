/**
 * The filter bar, loaded on first use (README "How the pages stay small"): a list page
 * opens with its bar closed unless its URL filters it, so the bar's controls (reference
 * pickers, the calendar button, selects) stay out of the page's first load.
 */
import { lazyComponent } from '../registry/lazy-component';

const load = () => import('./filter-bar');

/**
 * Starts loading the filter bar's code: when a list is opened filtered (its bar shows at
 * once) and when the pointer comes over "Filters".
 */
export function preloadFilterBar(): void {
  void load();
}

/** `FilterBar`, its code loaded the first time it renders (a spinner meanwhile). */
export const LazyFilterBar = lazyComponent(() => load().then((module) => module.FilterBar));

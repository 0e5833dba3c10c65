/**
 * Vitest set-up shared by every test file.
 *
 * DOM tests wait for lazily loaded pages and chunks, which Vitest transforms on their first
 * import; on a busy 2-core CI machine that has taken more than 5 s (the user menu's popover),
 * so `findBy*` and `waitFor` get 15 s instead of Testing Library's default 1 s. A failing
 * assertion still fails — it only fails later.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 15_000 });
}

export {};

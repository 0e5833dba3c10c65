/**
 * Vitest set-up shared by every test file.
 *
 * DOM tests wait for lazily loaded pages and chunks; on a busy 2-core CI machine that can take
 * longer than Testing Library's default 1 s, so `findBy*` and `waitFor` get 5 s. A failing
 * assertion still fails — it only fails later.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
}

export {};

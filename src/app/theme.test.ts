/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { applyTheme } from './theme';

describe('applyTheme (docs/product.md §1 themes)', () => {
  it.each([
    ['light', []],
    ['dark', ['bp6-dark']],
    ['darkBlue', ['bp6-dark', 'joule-theme-dark-blue']],
  ] as const)('%s → %j', (theme, want) => {
    const root = document.createElement('html');
    applyTheme('darkBlue', root);
    applyTheme(theme, root);
    expect([...root.classList].sort()).toEqual([...want]);
  });
});

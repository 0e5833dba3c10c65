/** @vitest-environment jsdom */
import { afterEach, describe, expect, it } from 'vitest';
import html from '../../../index.html?raw';
import { applyTheme } from '../theme';

/** The inline script of index.html that sets the theme before first paint. */
const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

afterEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
});

describe('theme before first paint (index.html)', () => {
  it('runs in the head, before the app’s module script', () => {
    expect(inline).toContain('joule.settings');
    expect(html.indexOf(inline)).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf(inline)).toBeLessThan(html.indexOf('src="/src/main.tsx"'));
  });

  it.each([
    ['nothing stored', null],
    ['light', { theme: 'light', language: 'en' }],
    ['dark', { theme: 'dark', language: 'cs' }],
    ['darkBlue', { theme: 'darkBlue', language: 'cs' }],
    ['broken', '{"theme":'],
  ] as const)('%s: the same classes as applyTheme', (_name, stored) => {
    if (stored !== null)
      localStorage.setItem(
        'joule.settings',
        typeof stored === 'string' ? stored : JSON.stringify(stored),
      );
    new Function(inline)();
    const before = [...document.documentElement.classList].sort();

    const root = document.createElement('html');
    const theme = typeof stored === 'object' && stored ? stored.theme : 'light';
    applyTheme(theme, root);
    expect(before).toEqual([...root.classList].sort());
  });
});

/** Critical CSS of rendered pages (server/http/critical-css.ts) with the real Beasties. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blockingStylesheets, createCriticalCss, withCriticalCss } from './critical-css';

const dist = mkdtempSync(join(tmpdir(), 'joule-critical-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'assets', 'index-1.css'),
  '.used{color:red}.unused{color:blue}table td{padding:1px}.bp6-dark .used{color:white}',
);
writeFileSync(join(dist, 'assets', 'signed-in-2.css'), '.row{height:30px}.nope{x:1}');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const HEAD =
  '<!doctype html><html><head><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body>';
const TAIL = '<script></script></body></html>';

describe('critical CSS', () => {
  it("learns the rules a page uses, from its own and the list's stylesheets", async () => {
    const critical = createCriticalCss(dist);
    expect(critical.get('customers')).toBeUndefined();
    critical.learn(
      'customers',
      `${HEAD}<div id="root"><p class="used">x</p><table><tr class="row"><td>1</td></tr></table></div>${TAIL}`,
    );
    await expect.poll(() => critical.get('customers')).toBeDefined();
    const css = critical.get('customers')!;
    expect(css).toContain('.used');
    expect(css).toContain('table td');
    expect(css).toContain('.row');
    // The dark themes' rules too: index.html sets their class before the first paint.
    expect(css).toContain('.bp6-dark .used');
    expect(css).not.toContain('.unused');
    expect(css).not.toContain('.nope');
  });

  it("makes the stylesheets the build's index.html only preloads blocking again", () => {
    const built =
      '<head><link rel="preload" as="style" crossorigin href="/assets/index-1.css"><link rel="modulepreload" href="/a.js"></head>';
    const page = blockingStylesheets(built);
    expect(page).toBe(
      '<head><link rel="stylesheet" crossorigin href="/assets/index-1.css"><link rel="modulepreload" href="/a.js"></head>',
    );
    expect(withCriticalCss(page, '.used{}').stylesheets).toEqual(['/assets/index-1.css']);
  });

  it('inlines the rules in the head and takes the stylesheets out, for the early start to add', () => {
    const { head, stylesheets } = withCriticalCss(HEAD, '.used{color:red}</style>');
    expect(head).not.toContain('<link');
    expect(head).toContain('<style>.used{color:red}<\\/style></style></head>');
    expect(stylesheets).toEqual(['/assets/index-1.css']);
  });
});

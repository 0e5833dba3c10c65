/**
 * The first page's machinery stays small (docs/speed.md "The start-up code"): the lines of
 * the start-up code (`src/boot/`) and of the build's plugins that shape the first page
 * (`build/`, but the release name, the CSP's sources and the test projects), tests aside,
 * are at most 1,000: the count of the command docs/speed.md gives.
 */
import { execSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The command of docs/speed.md: the boundary's files and their lines, the total last. */
export const COUNT =
  "git ls-files src/boot build | grep -Ev '\\.test\\.|release|csp-sources|test-projects' | xargs wc -l";

describe('the start-up boundary', () => {
  it('is at most 1,000 lines', () => {
    const lines = execSync(COUNT, { encoding: 'utf8' }).trim().split('\n');
    const total = Number(/^\s*(\d+) total$/.exec(lines.at(-1) ?? '')?.[1]);
    expect(total, lines.join('\n')).toBeGreaterThan(0);
    expect(total, lines.join('\n')).toBeLessThanOrEqual(1000);
  });
});

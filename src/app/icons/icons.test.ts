import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_ICON_NAMES, ICON_NAMES } from './icon-names';
import { paths as paths16 } from './paths-16';
import { paths as paths16Lazy } from './paths-16-lazy';
import { paths as paths20 } from './paths-20';

const root = join(import.meta.dirname, '..', '..', '..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => readFileSync(join(root, dir, name), 'utf8'));
}

describe('the app’s icon set', () => {
  it("has both sizes of every name, the first page's 16px paths apart from the others", () => {
    expect(Object.keys(paths16).sort()).toEqual([...FIRST_PAGE_ICON_NAMES].sort());
    expect(Object.keys(paths16Lazy).filter((name) => name in paths16)).toEqual([]);
    const all16 = { ...paths16, ...paths16Lazy };
    expect(Object.keys(all16).sort()).toEqual([...ICON_NAMES].sort());
    expect(Object.keys(paths20).sort()).toEqual([...ICON_NAMES].sort());
    for (const name of ICON_NAMES) expect(all16[name]?.length).toBeGreaterThan(0);
  });

  it('holds every icon the source names by string (others load all paths of a size)', () => {
    const used = new Set<string>();
    const pattern = /\b(?:icon|leftIcon|rightIcon)(?:=|: ?)["']([a-z0-9-]+)["']/g;
    for (const text of [...sources('src'), ...sources('overrides')]) {
      for (const match of text.matchAll(pattern)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !ICON_NAMES.includes(name))).toEqual([]);
  });
});

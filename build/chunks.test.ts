import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { signedInChunk, type ModuleNode } from './chunks';

/**
 * A fake module graph as Rollup's `ModuleInfo` gives it: each module's source (parsed as
 * Rollup parses it), its resolved static imports and its export names.
 */
const sources: Record<string, { code: string; imports?: string[]; entry?: boolean }> = {
  '/r/src/main.tsx': {
    code: "import { a } from './lib';",
    imports: ['/r/src/lib/index.ts'],
    entry: true,
  },
  '/r/src/lib/index.ts': {
    code: "export { a } from './a'; export { b } from './b'; export { d } from './d'; export * from './c';",
    imports: ['/r/src/lib/a.ts', '/r/src/lib/b.ts', '/r/src/lib/d.ts', '/r/src/lib/c.ts'],
  },
  '/r/src/lib/a.ts': { code: 'export const a = 1;' },
  '/r/src/lib/b.ts': { code: 'export const b = 2;' },
  '/r/src/lib/c.ts': { code: 'export const c1 = 3;' },
  '/r/src/lib/d.ts': { code: 'export const d = 4;' },
  '/r/src/app/layout/shell.tsx': {
    code: "import { b, c1 } from '../../lib'; import { x } from 'pkg'; import { shared } from '../shared';",
    imports: ['/r/src/lib/index.ts', '/r/node_modules/pkg/index.js', '/r/src/app/shared.ts'],
  },
  '/r/node_modules/pkg/index.js': {
    code: "import { x } from './x.js'; import { y } from './y.js'; export { x, y };",
    imports: ['/r/node_modules/pkg/x.js', '/r/node_modules/pkg/y.js'],
  },
  '/r/node_modules/pkg/x.js': { code: 'export const x = 5;' },
  '/r/node_modules/pkg/y.js': { code: 'export const y = 6;' },
  '/r/src/app/login/login-page.tsx': {
    code: "import { shared } from '../shared';",
    imports: ['/r/src/app/shared.ts'],
  },
  '/r/src/app/shared.ts': { code: 'export const shared = 7;' },
};

const exportsOf: Record<string, string[]> = {
  '/r/src/lib/c.ts': ['c1'],
  '/r/node_modules/pkg/index.js': ['x', 'y'],
};

function moduleOf(id: string): ModuleNode | null {
  const source = sources[id];
  if (!source) return null;
  return {
    isEntry: source.entry ?? false,
    importedIds: source.imports ?? [],
    exports: exportsOf[id] ?? null,
    ast: parseAst(source.code) as ModuleNode['ast'],
  };
}

describe('signedInChunk', () => {
  const chunk = signedInChunk(Object.keys(sources), moduleOf);

  it('holds what the signed-in first page uses, through re-export modules, and nothing else', () => {
    expect([...chunk].sort()).toEqual([
      '/r/node_modules/pkg/index.js',
      '/r/node_modules/pkg/x.js',
      '/r/src/app/layout/shell.tsx',
      '/r/src/lib/b.ts',
      '/r/src/lib/c.ts',
    ]);
  });

  it("leaves out a folder's other exports, the entry's modules and the sign-in page's", () => {
    // d.ts and y.js: exported beside what the shell imports, but not used.
    expect(chunk.has('/r/src/lib/d.ts')).toBe(false);
    expect(chunk.has('/r/node_modules/pkg/y.js')).toBe(false);
    // a.ts: the entry's; shared.ts: the login page loads it too.
    expect(chunk.has('/r/src/lib/a.ts')).toBe(false);
    expect(chunk.has('/r/src/app/shared.ts')).toBe(false);
  });
});

// @ts-check
/**
 * `local/no-past-index`: a folder with an `index.ts` (or `index.tsx`) is entered only
 * through it. An import from outside the folder that names one of its other files fails
 * (docs/architecture.md "The layers"); files inside the folder import each other freely.
 * Relative imports only (the project has no path aliases); `.ts`, `.tsx` and folders are
 * resolved as TypeScript resolves them.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

/** The file `source` (relative to `from`'s folder) names, or null when none. */
function resolveFile(from, source) {
  const base = resolve(dirname(from), source);
  const stripped = base.replace(/\.js$/, '');
  for (const candidate of [base, ...EXTENSIONS.map((ext) => stripped + ext)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  for (const ext of EXTENSIONS) {
    const index = join(base, `index${ext}`);
    if (existsSync(index)) return index;
  }
  return null;
}

function indexOf(folder) {
  for (const name of ['index.ts', 'index.tsx']) {
    if (existsSync(join(folder, name))) return join(folder, name);
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noPastIndex = {
  meta: {
    type: 'problem',
    docs: { description: 'Enter a folder that has an index.ts only through its index.ts' },
    schema: [],
    messages: {
      pastIndex:
        "'{{source}}' reaches past '{{index}}': import from the folder's index instead (or export it there).",
    },
  },
  create(context) {
    const file = context.filename;
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolveFile(file, source);
      // Stylesheets and data are no module surface.
      if (!target || !/\.(ts|tsx|js|mjs)$/.test(target)) return;
      // Every folder between the common ancestor and the target: each one the importer is
      // outside of, and that has an index, must be entered through that index.
      let folder = dirname(target);
      while (!file.startsWith(folder + sep)) {
        const index = indexOf(folder);
        if (index && index !== target) {
          context.report({
            node,
            messageId: 'pastIndex',
            data: { source, index: relative(context.cwd, index) },
          });
          return;
        }
        const parent = dirname(folder);
        if (parent === folder) return;
        folder = parent;
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'no-past-index': noPastIndex } };

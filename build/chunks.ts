import type { Plugin, Rollup } from 'vite';
import { browserBuild } from './browser-build';

/** The modules whose imports make the signed-in first page (hinted by build/early-start.ts). */
export const SIGNED_IN_ROOTS = [
  'src/app/layout/shell.tsx',
  'src/app/resource-registry.tsx',
  'src/auth/app-ability.ts',
  'src/app/icons/paths-16.ts',
  'src/i18n/signed-in-catalogues.ts',
];
/** The pages of a signed-out user (src/app/routes.tsx). */
const SIGNED_OUT_ROOTS = ['src/app/login/', 'src/app/password-reset/'];

/** What {@link signedInChunk} reads of a module: Rollup's `ModuleInfo` (its ESTree `ast`). */
export type ModuleNode = Pick<Rollup.ModuleInfo, 'isEntry' | 'importedIds' | 'exports' | 'ast'>;
type Body = NonNullable<ModuleNode['ast']>['body'];
type ImportDeclaration = Extract<Body[number], { type: 'ImportDeclaration' }>;

const ALL = '*';
const name = (node: { name: string } | { value?: unknown }) =>
  'name' in node ? node.name : String(node.value);
/** The name an import takes from its module: a name, `default`, or all (`* as`). */
const imported = (specifier: ImportDeclaration['specifiers'][number]) =>
  specifier.type === 'ImportSpecifier'
    ? name(specifier.imported)
    : specifier.type === 'ImportDefaultSpecifier'
      ? 'default'
      : ALL;

/**
 * The modules of the signed-in first page's chunk (a static list page's code in a few files,
 * not twenty crumbs): those {@link SIGNED_IN_ROOTS} use, but neither the entry nor a signed-out
 * page does. "Use" follows each import to the module defining the names imported, through
 * modules of re-exports (`src/resources/index.ts`, a package's index); `import()` is not.
 */
export function signedInChunk(
  ids: Iterable<string>,
  moduleOf: (id: string) => ModuleNode | null,
): Set<string> {
  const all = [...ids];
  const closure = (roots: string[]) => {
    const used = new Map<string, Set<string>>();
    const use = (id: string | undefined, wanted: string): void => {
      const node = id === undefined ? null : moduleOf(id);
      const body: Body = node?.ast?.body ?? [];
      // Rollup lists a module's imports in the order they first appear.
      const sources = [
        ...new Set(
          body.flatMap((each) => ('source' in each && each.source ? [each.source.value] : [])),
        ),
      ];
      const from = (statement: (typeof body)[number]) =>
        'source' in statement && statement.source
          ? node?.importedIds[sources.indexOf(statement.source.value)]
          : undefined;
      const known = sources.length === node?.importedIds.length;
      const reexports = body.every(
        (each) =>
          /^(Import|Export(All|Named))Declaration$/.test(each.type) &&
          !('declaration' in each && each.declaration),
      );
      const what = known && reexports ? wanted : ALL;
      const names = used.get(id ?? '') ?? new Set<string>();
      if (!node || !id || names.has(ALL) || names.has(what)) return;
      used.set(id, names.add(what));
      if (!known) return node.importedIds.forEach((each) => use(each, ALL));
      for (const statement of body) {
        if (statement.type === 'ImportDeclaration' && what === ALL) {
          const names = statement.specifiers.map(imported);
          (names.length ? names : [ALL]).forEach((each) => use(from(statement), each));
        } else if (statement.type === 'ExportAllDeclaration') {
          const exported = moduleOf(from(statement) ?? '')?.exports;
          if (what === ALL || !exported || exported.includes(what)) use(from(statement), what);
        } else if (statement.type === 'ExportNamedDeclaration') {
          for (const { local, exported } of statement.specifiers) {
            if (what !== ALL && name(exported) !== what) continue;
            if (statement.source) use(from(statement), name(local));
            // `import { x } from './x.js'; export { x };`: where x is imported from.
            for (const other of statement.source || what === ALL ? [] : body) {
              if (other.type !== 'ImportDeclaration') continue;
              const specifier = other.specifiers.find((each) => each.local.name === name(local));
              if (specifier) use(from(other), imported(specifier));
            }
          }
        }
      }
    };
    roots.forEach((root) => use(root, ALL));
    return new Set(used.keys());
  };
  const rooted = (paths: string[]) =>
    all.filter((id) => paths.some((path) => id.replace(/\\/g, '/').includes(`/${path}`)));
  const shared = new Set([
    ...closure(all.filter((id) => moduleOf(id)?.isEntry)),
    ...closure(rooted(SIGNED_OUT_ROOTS)),
  ]);
  return new Set([...closure(rooted(SIGNED_IN_ROOTS))].filter((id) => !shared.has(id)));
}

/** {@link signedInChunk} as Rollup's `manualChunks`: those modules alone, not their imports. */
export function firstPageChunking(): Plugin {
  let chunk: Set<string> | undefined;
  const manualChunks: Rollup.GetManualChunk = (id, { getModuleIds, getModuleInfo }) => {
    chunk ??= signedInChunk(getModuleIds(), getModuleInfo);
    return chunk.has(id) ? 'signed-in' : undefined;
  };
  return {
    name: 'joule-first-page-chunks',
    apply: browserBuild,
    config: () => ({
      build: { rollupOptions: { output: { manualChunks, onlyExplicitManualChunks: true } } },
    }),
  };
}

/**
 * `npm run check:messages`: fails when a message id is in one language's catalogue and not
 * the other's, or when the source names an id no catalogue has (see message-check.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkEagerMessages,
  checkMessages,
  extractMessageIds,
  staticImports,
  type Catalogue,
  type CataloguePair,
  type SourceFile,
} from './message-check';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Source folders whose files may name message ids. */
const sourceDirs = ['src', 'overrides'];
/** Codegen output (checked by construction) and tests (which may use made-up ids). */
const skipped = /(^|\/)(generated|node_modules)\/|\.test\.tsx?$|(^|\/)test-[\w-]+(\/|\.tsx?$)/;

function readCatalogue(path: string): Catalogue {
  if (!existsSync(path)) return {};
  return JSON.parse(readFileSync(path, 'utf8')) as Catalogue;
}

function pair(dir: string): CataloguePair {
  const files = { cs: join(dir, 'cs.json'), en: join(dir, 'en.json') };
  return {
    name: `${dir}/*.json`,
    files,
    cs: readCatalogue(join(root, files.cs)),
    en: readCatalogue(join(root, files.en)),
  };
}

function sourceFiles(dir: string): SourceFile[] {
  const absolute = join(root, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name).split('\\').join('/'))
    .filter((file) => /\.tsx?$/.test(file) && !skipped.test(file))
    .sort()
    .map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
}

/**
 * The modules under `within` that `roots` import statically, repository-relative, roots
 * included: the code that runs before anything loads on first use.
 */
function staticGraph(roots: readonly string[], within: string): string[] {
  const seen = new Set<string>();
  const resolveModule = (from: string, spec: string): string | undefined => {
    const base = join(dirname(from), spec);
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]
      .map((file) => file.split('\\').join('/'))
      .find(
        (file) =>
          /\.tsx?$/.test(file) &&
          existsSync(join(root, file)) &&
          statSync(join(root, file)).isFile(),
      );
  };
  const visit = (file: string) => {
    if (seen.has(file) || !file.startsWith(within) || skipped.test(file)) return;
    seen.add(file);
    for (const spec of staticImports(readFileSync(join(root, file), 'utf8'))) {
      const target = resolveModule(file, spec);
      if (target) visit(target);
    }
  };
  roots.forEach(visit);
  return [...seen].sort();
}

/**
 * The overrides' modules the registry imports statically (src/app/resource-registry.tsx
 * imports `overrides/index.ts` and `overrides/groups.ts`): the code a list page runs before
 * anything loads on first use.
 */
const eagerOverrideModules = () =>
  staticGraph(['overrides/index.ts', 'overrides/groups.ts'], 'overrides/');

/** The runtime's messages of code loaded on first use, apart (locales/deferred/). */
const DIALOG_MESSAGES = 'src/resources/dialog-messages.ts';

/**
 * `locales/deferred/` holds exactly the ids of {@link DIALOG_MESSAGES}. That only code loaded
 * on first use imports it is not checked here (the runtime's index re-exports that code, so
 * a walk of static imports reaches it, while the bundle leaves it out of the registry's chunk).
 */
function checkDeferredAppMessages(deferred: CataloguePair): string[] {
  const ids = new Set(
    extractMessageIds(readFileSync(join(root, DIALOG_MESSAGES), 'utf8')).map((use) => use.id),
  );
  const problems = [
    ...[...ids]
      .filter((id) => !Object.hasOwn(deferred.cs, id))
      .map((id) => `${DIALOG_MESSAGES} names "${id}", which ${deferred.name} lacks`),
    ...Object.keys(deferred.cs)
      .filter((id) => !ids.has(id))
      .map((id) => `${deferred.name} has "${id}", which ${DIALOG_MESSAGES} does not name`),
  ];
  return problems;
}

const eager = pair('locales/overrides');
const deferred = pair('locales/overrides/deferred');
/**
 * The generated labels: the resources' names (`locales/generated/<lang>.json`) and each
 * resource's labels (`locales/generated/<resource>/<lang>.json`), as one pair.
 */
function generatedPair(): CataloguePair {
  const dir = 'locales/generated';
  const subdirs = existsSync(join(root, dir))
    ? readdirSync(join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(dir, entry.name))
        .sort()
    : [];
  const parts = [dir, ...subdirs].map(pair);
  const merge = (lang: 'cs' | 'en') =>
    Object.assign({}, ...parts.map((part) => part[lang])) as Catalogue;
  return {
    name: `${dir}/**/*.json`,
    files: { cs: `${dir}/**/cs.json`, en: `${dir}/**/en.json` },
    cs: merge('cs'),
    en: merge('en'),
  };
}

const deferredApp = pair('locales/deferred');
const pairs = [pair('locales'), deferredApp, eager, deferred, generatedPair()];
const sources = sourceDirs.flatMap(sourceFiles);
const eagerUsed = eagerOverrideModules().flatMap((file) =>
  extractMessageIds(readFileSync(join(root, file), 'utf8'), file),
);
const problems = [
  ...checkMessages(pairs, sources),
  ...checkEagerMessages(eager, deferred, eagerUsed),
  ...checkDeferredAppMessages(deferredApp),
];

if (problems.length > 0) {
  console.error(`Message check failed (${problems.length}):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `Messages OK: ${pairs.map((p) => `${Object.keys(p.en).length} in ${p.name}`).join(', ')}; ` +
    `${sources.length} source files under ${sourceDirs.join(', ')} (${relative(process.cwd(), root) || '.'}).`,
);

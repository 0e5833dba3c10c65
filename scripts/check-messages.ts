/**
 * `npm run check:messages`: fails when a message id is in one language's catalogue and not
 * the other's, or when the source names an id no catalogue has (see message-check.ts). The
 * catalogues: the app's (`locales/<lang>.json`), each override's
 * (`overrides/<folder>/<lang>.json`) and the generated labels (`locales/generated/`);
 * docs/extending.md "Messages".
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkMessages,
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

/** The folders directly under `dir` (repository-relative), sorted. */
function subdirs(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(dir, entry.name))
    .sort();
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
 * The generated labels: the resources' names (`locales/generated/<lang>.json`) and each
 * resource's labels (`locales/generated/<resource>/<lang>.json`), as one pair.
 */
function generatedPair(): CataloguePair {
  const dir = 'locales/generated';
  const parts = [dir, ...subdirs(dir)].map(pair);
  const merge = (lang: 'cs' | 'en') =>
    Object.assign({}, ...parts.map((part) => part[lang])) as Catalogue;
  return {
    name: `${dir}/**/*.json`,
    files: { cs: `${dir}/**/cs.json`, en: `${dir}/**/en.json` },
    cs: merge('cs'),
    en: merge('en'),
  };
}

const overridePairs = subdirs('overrides')
  .filter((dir) => ['cs', 'en'].some((lang) => existsSync(join(root, dir, `${lang}.json`))))
  .map(pair);
const pairs = [pair('locales'), ...overridePairs, generatedPair()];
const sources = sourceDirs.flatMap(sourceFiles);
const problems = checkMessages(pairs, sources);

if (problems.length > 0) {
  console.error(`Message check failed (${problems.length}):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `Messages OK: ${pairs.map((p) => `${Object.keys(p.en).length} in ${p.name}`).join(', ')}; ` +
    `${sources.length} source files under ${sourceDirs.join(', ')} (${relative(process.cwd(), root) || '.'}).`,
);

/**
 * `npm run check:messages`: fails when a message id is in one language's catalogue and not
 * the other's, or when the source names an id no catalogue has (see message-check.ts).
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

function sourceFiles(dir: string): SourceFile[] {
  const absolute = join(root, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name).split('\\').join('/'))
    .filter((file) => /\.tsx?$/.test(file) && !skipped.test(file))
    .sort()
    .map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
}

const pairs = [pair('locales'), pair('locales/overrides'), pair('locales/generated')];
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

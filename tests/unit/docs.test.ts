/**
 * The documentation stays true to the repository (docs/architecture.md "Folder layout"):
 * the README is a front door of at most 150 lines; every path the folder map of
 * docs/architecture.md or the README's folder table names exists; every folder of `server/`,
 * `src/`, `overrides/` and `codegen/` is in the map; the relative links of README.md,
 * CONTRIBUTING.md and docs/ lead to files that exist.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The roots whose every folder the map must name. */
const MAPPED_ROOTS = ['server/', 'src/', 'overrides/', 'codegen/'];

/** Folders whose sub-folders mirror generated output: the map names only the folder itself. */
const OPAQUE = ['codegen/__snapshots__/', 'src/generated/'];

/** Length limits of the front-door documents, in lines. */
const MAX_LINES: Record<string, number> = {
  'README.md': 150,
  'CONTRIBUTING.md': 80,
  'docs/speed.md': 80,
};

/** The lines of the first fenced block after the heading `## <heading>` of `markdown`. */
export function fencedBlockAfter(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const at = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (at < 0) throw new Error(`no heading "## ${heading}"`);
  const open = lines.findIndex((line, index) => index > at && line.startsWith('```'));
  const close = lines.findIndex((line, index) => index > open && line.startsWith('```'));
  if (open < 0 || close < 0) throw new Error(`no fenced block after "## ${heading}"`);
  return lines.slice(open + 1, close);
}

/**
 * The paths a folder map names. Each line is `<indent><names>  <description>`: the names end
 * at the first run of two spaces, are separated by commas or spaces, and are relative to the
 * nearest line above with less indentation, which names one folder (`server/` then
 * `  auth/` gives `server/auth/`). Names ending in `/` are folders, others files; a name
 * with a placeholder (`<lang>`) is left out.
 * @throws Error when a line is indented under a line that does not name exactly one folder.
 */
export function folderMapPaths(lines: readonly string[]): string[] {
  const paths: string[] = [];
  const parents: { indent: number; path: string | null }[] = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    const indent = line.length - line.trimStart().length;
    const column = line.trimStart().split(/ {2,}/)[0]!;
    const names = column.split(/[,\s]+/).filter(Boolean);
    while (parents.length > 0 && parents[parents.length - 1]!.indent >= indent) parents.pop();
    const parent = parents[parents.length - 1];
    if (parent && parent.path === null)
      throw new Error(`"${line.trim()}" is indented under a line naming no single folder`);
    const base = parent?.path ?? '';
    const named = names.map((name) => base + name);
    paths.push(...named.filter((path) => !path.includes('<')));
    const folders = named.filter((path) => path.endsWith('/'));
    parents.push({ indent, path: folders.length === 1 && named.length === 1 ? folders[0]! : null });
  }
  return paths;
}

/** The back-quoted paths in the first column of the markdown table after `## <heading>`. */
export function tablePaths(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const at = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (at < 0) throw new Error(`no heading "## ${heading}"`);
  const paths: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (line.startsWith('## ')) break;
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    const first = line.split('|')[1] ?? '';
    for (const [, path] of first.matchAll(/`([^`]+)`/g))
      if (!path!.includes('<')) paths.push(path!);
  }
  return paths;
}

/** Folders (with a trailing `/`) under `roots` that `named` leaves out, opaque folders' insides aside. */
export function unnamedFolders(
  folders: readonly string[],
  named: ReadonlySet<string>,
  roots: readonly string[],
  opaque: readonly string[],
): string[] {
  return folders.filter(
    (folder) =>
      roots.some((root) => folder.startsWith(root)) &&
      !opaque.some((inside) => folder.startsWith(inside) && folder !== inside) &&
      !named.has(folder),
  );
}

/** Every folder holding a file git tracks or would track (untracked but not ignored). */
function repositoryFolders(): string[] {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { encoding: 'utf8' },
  )
    .split('\0')
    .filter((file) => file !== '' && existsSync(file));
  const folders = new Set<string>();
  for (const file of files) {
    for (let dir = dirname(file); dir !== '.'; dir = dirname(dir)) folders.add(`${dir}/`);
  }
  return [...folders].sort();
}

const architecture = readFileSync('docs/architecture.md', 'utf8');
const readme = readFileSync('README.md', 'utf8');
const mapPaths = folderMapPaths(fencedBlockAfter(architecture, 'Folder layout'));

describe('the documentation', () => {
  it.each(Object.entries(MAX_LINES))('%s has at most %i lines', (file, max) => {
    expect(readFileSync(file, 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(max);
  });

  it("names in docs/architecture.md's folder map only paths that exist", () => {
    expect(mapPaths.length).toBeGreaterThan(50);
    expect(mapPaths.filter((path) => !existsSync(path))).toEqual([]);
  });

  it("names in the README's folder table only paths that exist", () => {
    const paths = tablePaths(readme, 'Folders');
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !existsSync(path))).toEqual([]);
  });

  it('maps every folder of server/, src/, overrides/ and codegen/', () => {
    const folders = repositoryFolders();
    expect(folders).toContain('server/billing/');
    expect(unnamedFolders(folders, new Set(mapPaths), MAPPED_ROOTS, OPAQUE)).toEqual([]);
  });

  it('links only to files that exist', () => {
    const documents = ['README.md', 'CONTRIBUTING.md', ...docsFiles()];
    const broken: string[] = [];
    for (const document of documents) {
      const text = readFileSync(document, 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!) || target!.startsWith('#')) continue;
        const path = normalize(join(dirname(document), target!.split('#')[0]!));
        if (!existsSync(path)) broken.push(`${document}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

/** The markdown files of docs/. */
function docsFiles(): string[] {
  return execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', 'docs/*.md'],
    {
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter((file) => file !== '' && existsSync(file));
}

describe('reading a folder map', () => {
  const map = [
    'server/                 the API',
    '  main.ts, app.ts       start-up',
    '  auth/                 tokens, `x/` here is prose',
    '  resources/            resources',
    '    engine/             the engine',
    '      codecs/           codecs',
    '    bulk/               bulk',
    '  db/',
    'src/',
    '  api/ auth/            client, session',
    'locales/                cs.json',
    '  generated/            labels (<resource>/ per resource)',
    '  <lang>/               a placeholder',
  ];

  it('joins each name to the folder above it, description aside', () => {
    expect(folderMapPaths(map)).toEqual([
      'server/',
      'server/main.ts',
      'server/app.ts',
      'server/auth/',
      'server/resources/',
      'server/resources/engine/',
      'server/resources/engine/codecs/',
      'server/resources/bulk/',
      'server/db/',
      'src/',
      'src/api/',
      'src/auth/',
      'locales/',
      'locales/generated/',
    ]);
  });

  it('refuses a line indented under several folders', () => {
    expect(() => folderMapPaths(['src/', '  api/ auth/   x', '    deep/   y'])).toThrow(
      /naming no single folder/,
    );
  });

  it('finds a folder the map leaves out, but not inside an opaque one', () => {
    const named = new Set(folderMapPaths(map));
    expect(
      unnamedFolders(
        [
          'server/',
          'server/auth/',
          'server/billing/',
          'src/generated/',
          'src/generated/x/',
          'docs/',
        ],
        named,
        ['server/', 'src/'],
        ['src/generated/'],
      ),
    ).toEqual(['server/billing/', 'src/generated/']);
  });

  it("reads the paths of a table's first column", () => {
    const table =
      '## Folders\n\n| folder | what |\n| --- | --- |\n| `a/`, `b/` | x `c/` |\n| `<x>/` | y |\n## Next\n| `d/` | z |';
    expect(tablePaths(table, 'Folders')).toEqual(['a/', 'b/']);
  });
});

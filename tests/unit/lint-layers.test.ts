/**
 * The layering lint (eslint.config.js) is the table of docs/architecture.md "The layers":
 * the test reads the table, fails when a zone of the lint and the table disagree or when a
 * folder of the repository is missing from it, and lints a probe file in every row's folders
 * that imports every other folder of the table: exactly the imports the row's cell does not
 * allow must fail. The other layering rules (no import past an index, no cycle) have a probe
 * each.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const eslint = new ESLint({ cwd: root });
/** The probes need only the import rules (and `no-unresolved`, so that no probe misses). */
const probeLint = new ESLint({
  cwd: root,
  overrideConfig: {
    rules: {
      'import-x/no-cycle': 'off',
      'local/no-past-index': 'off',
      'import-x/no-unresolved': 'error',
    },
  },
});

type Cell = readonly string[] | 'data' | 'anything';
interface Row {
  folders: string[];
  mayImport: Cell;
  testsMayImport: Cell;
}

/** A "may import" cell: backticked folders, `—`, `data` or `anything`. */
function parseCell(cell: string): Cell {
  const text = cell.trim();
  if (text === '—') return [];
  if (text === 'data' || text === 'anything') return text;
  const folders = [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!.replace(/\/$/, ''));
  if (folders.length === 0) throw new Error(`unreadable "may import" cell: ${cell}`);
  return folders;
}

/** The table of docs/architecture.md "The layers" (the one with a "may import" column). */
function readTable(): Row[] {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## The layers'));
  const lines = section.split('\n');
  const header = lines.findIndex((line) => line.startsWith('|') && line.includes('may import'));
  if (header < 0) throw new Error('docs/architecture.md "The layers" has no "may import" table');
  const rows: Row[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split('|').slice(1, -1);
    if (cells.length !== 4) throw new Error(`a row of the layers table without 4 cells: ${line}`);
    const folders = [...cells[0]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\/$/, ''));
    rows.push({
      folders,
      mayImport: parseCell(cells[2]!),
      testsMayImport: parseCell(cells[3]!),
    });
  }
  return rows;
}

interface Zone {
  target: string[];
  from: string[];
}

/** What eslint.config.js exports of its layers (a JavaScript module, typed here). */
const { TEST_FILES, layers, testZones, zones } = (await import(
  pathToFileURL(join(root, 'eslint.config.js')).href
)) as { TEST_FILES: string[]; layers: Row[]; testZones: Zone[]; zones: Zone[] };

const table = readTable();
const tableFolders = table.flatMap((row) => row.folders);
const sorted = (cell: Cell) => (Array.isArray(cell) ? [...cell].sort() : cell);

/** The module a probe imports to reach `folder`: its index, else its first module. */
function moduleOf(folder: string): string {
  const path = join(root, folder);
  if (statSync(path).isFile()) return path;
  for (const name of ['index.ts', 'index.tsx']) {
    if (existsSync(join(path, name))) return join(path, name);
  }
  const walk = (dir: string): string | undefined => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    for (const entry of entries) {
      if (entry.isFile() && /\.(ts|tsx|js|json)$/.test(entry.name) && !/\.test\./.test(entry.name))
        return join(dir, entry.name);
    }
    for (const entry of entries) {
      if (entry.isDirectory() && entry.name !== 'node_modules') {
        const found = walk(join(dir, entry.name));
        if (found) return found;
      }
    }
    return undefined;
  };
  const found = walk(path);
  if (!found) throw new Error(`no module in ${folder}`);
  return found;
}

/** The specifier by which a file in `fromDir` imports `file`, as the code writes it. */
function specifier(fromDir: string, file: string): string {
  const path = relative(fromDir, file)
    .replace(/\.(ts|tsx)$/, '')
    .replace(/\/index$/, '');
  return path.startsWith('.') ? path : `./${path}`;
}

interface ProbeResult {
  /** Import specifiers the zones refused. */
  refused: string[];
  /** Anything else reported (an unresolved probe would prove nothing). */
  other: string[];
}

/** Lints `imports` as the (possibly not existing) file `file`. */
async function probe(file: string, imports: readonly string[]): Promise<ProbeResult> {
  const code = imports.map((source) => `import '${source}';`).join('\n') + '\n';
  const [result] = await probeLint.lintText(code, { filePath: join(root, file) });
  const refused: string[] = [];
  const other: string[] = [];
  for (const message of result?.messages ?? []) {
    const source = imports[message.line - 1] ?? `line ${message.line}`;
    if (message.ruleId === 'import-x/no-restricted-paths') refused.push(source);
    else other.push(`${message.ruleId ?? 'fatal'}: ${message.message}`);
  }
  return { refused: [...new Set(refused)].sort(), other };
}

/** A probe file of `folder` (a test file when `test`), or null for a file row. */
function probeFile(folder: string, test: boolean): string | null {
  if (statSync(join(root, folder)).isFile()) return test ? null : folder;
  return join(folder, test ? 'lint-probe.test.ts' : 'lint-probe.ts');
}

describe('the layers table of docs/architecture.md', () => {
  it('is the lint’s list of layers, row by row', () => {
    const normalise = (rows: readonly Row[]) =>
      rows.map((row) => ({
        folders: [...row.folders].sort(),
        mayImport: sorted(row.mayImport),
        testsMayImport: sorted(row.testsMayImport),
      }));
    expect(normalise(layers)).toEqual(normalise(table));
  });

  it('has one zone per "may import" cell: the row may import nothing else of the table', () => {
    const expected = (test: boolean) =>
      table
        .filter((row) => Array.isArray(row.mayImport))
        .map((row) => {
          const allowed = [
            ...(row.mayImport as string[]),
            ...(test && Array.isArray(row.testsMayImport) ? row.testsMayImport : []),
          ];
          return {
            target: row.folders.map((folder) => `./${folder}`).sort(),
            from: tableFolders
              .filter((folder) => !row.folders.includes(folder) && !allowed.includes(folder))
              .map((folder) => `./${folder}`)
              .sort(),
          };
        });
    const normalise = (list: readonly Zone[]) =>
      list.map((zone) => ({ target: [...zone.target].sort(), from: [...zone.from].sort() }));
    expect(normalise(zones)).toEqual(expected(false));
    expect(normalise(testZones)).toEqual(expected(true));
  });

  it('is what the lint applies: code files get the zones, test files the test zones', async () => {
    const zonesFor = async (file: string) => {
      const config = (await eslint.calculateConfigForFile(join(root, file))) as {
        rules: Record<string, [unknown, { zones: unknown }]>;
      };
      return config.rules['import-x/no-restricted-paths']?.[1].zones;
    };
    expect(await zonesFor('src/app/lint-probe.ts')).toEqual(zones);
    expect(await zonesFor('overrides/users/lint-probe.test.tsx')).toEqual(testZones);
    expect(await zonesFor('server/test-support/lint-probe.ts')).toEqual(testZones);
    expect(TEST_FILES).toContain('**/test-support/**');
  });

  it('names every folder of the repository and of src/ (the generated code is linted too)', async () => {
    const ignoredByGit = new Set(['node_modules', '.git', 'docs', '.github']);
    const codeIn = (dir: string): boolean =>
      readdirSync(dir, { withFileTypes: true }).some((entry) =>
        entry.isDirectory()
          ? entry.name !== 'node_modules' && codeIn(join(dir, entry.name))
          : /\.(ts|tsx|js|json)$/.test(entry.name),
      );
    const missing: string[] = [];
    for (const entry of readdirSync(root, { withFileTypes: true })) {
      if (!entry.isDirectory() || ignoredByGit.has(entry.name) || entry.name.startsWith('.'))
        continue;
      if (entry.name === 'src' || (await eslint.isPathIgnored(join(root, entry.name, 'x.ts'))))
        continue;
      if (codeIn(join(root, entry.name)) && !tableFolders.includes(entry.name))
        missing.push(entry.name);
    }
    for (const entry of readdirSync(join(root, 'src'), { withFileTypes: true })) {
      const name = `src/${entry.name}`;
      if (/\.(ts|tsx)$/.test(entry.name) || entry.isDirectory()) {
        if (!tableFolders.includes(name)) missing.push(name);
      }
    }
    expect(missing).toEqual([]);
    expect(await eslint.isPathIgnored(join(root, 'src/generated/descriptors.ts'))).toBe(false);
  });
});

describe('the zones refuse exactly what the table forbids', () => {
  const codeRows = table.filter((row) => Array.isArray(row.mayImport));
  for (const row of codeRows) {
    for (const test of [false, true]) {
      const allowed = new Set([
        ...(row.mayImport as string[]),
        ...(test && Array.isArray(row.testsMayImport) ? row.testsMayImport : []),
      ]);
      for (const folder of row.folders) {
        const file = probeFile(folder, test);
        if (!file) continue;
        it(`${file}: imports of ${[...allowed].join(', ') || 'no other folder'} pass, the others fail`, async () => {
          const others = tableFolders.filter((other) => !row.folders.includes(other));
          const imports = others.map((other) =>
            specifier(dirname(join(root, file)), moduleOf(other)),
          );
          const { refused, other } = await probe(file, imports);
          expect(other).toEqual([]);
          const expected = others
            .map((other, index) => (allowed.has(other) ? null : imports[index]!))
            .filter((source): source is string => source !== null)
            .sort();
          expect(refused).toEqual([...new Set(expected)].sort());
        });
      }
    }
  }
});

/** Imports the architecture forbids, named one by one (each must fail). */
const FORBIDDEN: readonly { file: string; source: string }[] = [
  { file: 'src/app/lint-probe.ts', source: '../../server/db/client' },
  { file: 'src/resources/lint-probe.ts', source: '../../server/auth/passwords' },
  { file: 'overrides/lint-probe.ts', source: '../server/billing' },
  { file: 'overrides/contracts/lint-probe.ts', source: '../../src/app' },
  { file: 'overrides/contracts/lint-probe.ts', source: '../../src/generated/descriptors' },
  { file: 'overrides/contracts/lint-probe.ts', source: '../../src/generated/api' },
  { file: 'src/i18n/lint-probe.ts', source: '../ssr/first-page' },
  { file: 'src/api/lint-probe.ts', source: '../ssr/first-page' },
  { file: 'server/http/lint-probe.ts', source: '../../src/app' },
  { file: 'server/http/lint-probe.ts', source: '../../src/ssr/first-page' },
  { file: 'codegen/lint-probe.ts', source: '../src/shared' },
  { file: 'codegen/lint-probe.ts', source: '../server/app' },
  { file: 'src/api/lint-probe.ts', source: '../auth' },
  { file: 'src/auth/lint-probe.ts', source: '../resources' },
  { file: 'src/resources/lint-probe.ts', source: '../app' },
  { file: 'src/resources/lint-probe.ts', source: '../../overrides' },
  { file: 'src/i18n/lint-probe.ts', source: '../api' },
  { file: 'src/generated/lint-probe.ts', source: '../api' },
  { file: 'src/shared/lint-probe.ts', source: '../app' },
  { file: 'src/app/lint-probe.ts', source: '../../codegen/lib/files' },
  { file: 'src/app/lint-probe.ts', source: '../ssr/first-page' },
  { file: 'src/resources/lint-probe.test.ts', source: '../../server/test-support/oidc-flow' },
  { file: 'overrides/lint-probe.test.ts', source: '../server/seed' },
];

describe('the named forbidden imports', () => {
  for (const { file, source } of FORBIDDEN) {
    it(`${file} may not import ${source}`, async () => {
      const { refused, other } = await probe(file, [source]);
      expect(other).toEqual([]);
      expect(refused).toEqual([source]);
    });
  }
});

/** The rule ids the lint reports for `code` as the file `filePath`. */
async function failures(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the other layering rules', () => {
  it('fails on an import past a folder’s index.ts', async () => {
    expect(
      await failures(
        "import { VIRTUALIZE_OVER } from '../resources/list/use-visible-rows';\nexport const x = VIRTUALIZE_OVER;\n",
        'src/ssr/lint-probe.ts',
      ),
    ).toContain('local/no-past-index');
    expect(
      await failures(
        "import { rowTitle } from '../resources';\nexport const x = rowTitle;\n",
        'src/ssr/lint-probe.ts',
      ),
    ).toEqual([]);
  });

  it('fails on a server file reaching into the engine past its index.ts', async () => {
    expect(
      await failures(
        "import { ResourceRegistry } from '../resources/engine/registry';\nexport const x = ResourceRegistry;\n",
        'server/http/lint-probe.ts',
      ),
    ).toContain('local/no-past-index');
    expect(
      await failures(
        "import { ResourceRegistry } from '../resources/engine';\nexport const x = ResourceRegistry;\n",
        'server/http/lint-probe.ts',
      ),
    ).toEqual([]);
  });

  it('has no list of files exempt from no-past-index', () => {
    expect(readFileSync(join(root, 'eslint.config.js'), 'utf8')).not.toMatch(/BASELINE/);
  });

  it('fails on an import cycle', async () => {
    // src/auth/index.ts exports from tokens.ts: tokens.ts importing the index is a cycle.
    expect(
      await failures(
        "import { login } from './index';\nexport const x = login;\n",
        'src/auth/tokens.ts',
      ),
    ).toContain('import-x/no-cycle');
  });

  it.each(['date', 'month', 'datetime-local', 'time', 'week'])(
    'fails on the browser’s own <input type="%s">, on an element or a component',
    async (type) => {
      for (const code of [
        `export const x = <input type="${type}" />;\n`,
        `import { InputGroup } from '@blueprintjs/core';\nexport const x = <InputGroup type={'${type}'} />;\n`,
      ])
        expect(await failures(code, 'src/app/lint-probe.tsx')).toContain(
          'local/no-native-date-input',
        );
    },
  );

  it('lets the app’s own date input and other input types through', async () => {
    expect(
      await failures(
        'import { DateInput } from \'../resources\';\nexport const x = [<input type="text" />, <DateInput value={null} onChange={() => {}} />];\n',
        'src/app/lint-probe.tsx',
      ),
    ).toEqual([]);
  });
});

/**
 * `npm run new:resource -- <name> [--component Name] [--privilege NAME] [--en "A|As|New a"]
 * [--cs "…|…|…"]`: a new resource of the reference API in one command (docs/extending.md
 * "Add an entity"). It writes
 * - the table `server/db/schema/<name>.ts` (an id and a unique name) and exports it,
 * - the declaration `server/resources/definitions/<name>.ts` and its test beside it, and
 *   lists it in `definitions/index.ts`,
 * - the privilege in `server/auth/privileges.ts` (unless it exists),
 * - the migration, by drizzle-kit (`npm run db:generate -- create_<table>`),
 * then `npm run regen` publishes it to the SPA. Nothing is overwritten: an existing file or
 * registration stops it before anything is written.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runMain } from '../codegen/lib/args';
import {
  declarationSource,
  registerDeclaration,
  registerPrivilege,
  registerTable,
  resourceNames,
  tableSource,
  testSource,
} from './new-resource-files';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const USAGE =
  'usage: npm run new:resource -- <name> [--component Name] [--privilege NAME] [--en "Singular|Plural|New …"] [--cs "…|…|…"]';

function run(command: string, args: readonly string[]): void {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

runMain(async () => {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    allowPositionals: true,
    options: {
      component: { type: 'string' },
      privilege: { type: 'string' },
      en: { type: 'string' },
      cs: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new Error(`one resource name\n${USAGE}`);
  const names = resourceNames({ name: positionals[0]!, ...values });

  const path = (...parts: string[]) => join(root, ...parts);
  const created = {
    [path('server/db/schema', `${names.name}.ts`)]: tableSource(names),
    [path('server/resources/definitions', `${names.name}.ts`)]: declarationSource(names),
    [path('server/resources/definitions', `${names.name}.test.ts`)]: testSource(names),
  };
  for (const file of Object.keys(created)) {
    if (existsSync(file)) throw new Error(`${file} exists already`);
  }
  const edit = (file: string, change: (source: string) => string) => [
    file,
    change(readFileSync(file, 'utf8')),
  ];
  // Every edit is computed before anything is written, so a refusal leaves no half.
  const edited = Object.fromEntries([
    edit(path('server/db/schema/index.ts'), (source) => registerTable(source, names)),
    edit(path('server/resources/definitions/index.ts'), (source) =>
      registerDeclaration(source, names),
    ),
    edit(path('server/auth/privileges.ts'), (source) => registerPrivilege(source, names)),
  ]) as Record<string, string>;

  for (const [file, source] of Object.entries({ ...created, ...edited })) {
    writeFileSync(file, source);
  }
  run(bin('prettier'), [
    '--write',
    '--log-level',
    'warn',
    ...Object.keys(created),
    ...Object.keys(edited),
  ]);
  run(bin('tsx'), [path('scripts/db-generate.ts'), `create_${names.table}`]);
  console.log(
    `new:resource: ${names.name} (${names.component}, privilege ${names.privilege}) written and registered; next: npm run regen`,
  );
  return 0;
});

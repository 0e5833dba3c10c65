/**
 * `npm run db:generate -- <name> [--custom]`: a drizzle-kit migration for the changes in
 * `server/db/schema/`, named (`NNNN_<name>.sql`, not drizzle's random words), with its
 * files formatted by Prettier so that `npm run lint` accepts them as written (docs/architecture.md).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMain } from '../codegen/lib/args';
import { parseDbGenerateArgs } from './db-generate-args';

const root = fileURLToPath(new URL('..', import.meta.url));
const migrations = join(root, 'server', 'db', 'migrations');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

function run(command: string, args: readonly string[]): void {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

runMain(async () => {
  const { name, custom } = parseDbGenerateArgs(process.argv.slice(2));
  run(bin('drizzle-kit'), ['generate', '--name', name, ...(custom ? ['--custom'] : [])]);
  // drizzle-kit writes its snapshot and journal as unformatted JSON: format the folder's
  // JSON and the new SQL's neighbours alike (Prettier leaves `.sql` alone).
  const meta = readdirSync(join(migrations, 'meta'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => join(migrations, 'meta', file));
  run(bin('prettier'), ['--write', '--log-level', 'warn', ...meta]);
  return 0;
});

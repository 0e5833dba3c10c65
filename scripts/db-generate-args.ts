/**
 * The arguments of `npm run db:generate` (scripts/db-generate.ts, docs/architecture.md): a migration
 * name, given as `-- <name>` or `-- --name <name>`, and `--custom` for an empty migration
 * to write SQL by hand (functions, triggers).
 */

/** What `db:generate` was asked for. */
export interface DbGenerateArgs {
  /** The migration's name: lower-case letters, digits and `_`, e.g. `invoice_lines`. */
  readonly name: string;
  /** An empty migration for hand-written SQL (`drizzle-kit generate --custom`). */
  readonly custom: boolean;
}

/**
 * Parses `argv` (without node and script). Throws, with the usage, when the name is
 * missing, given twice or not `[a-z0-9_]+` (at most 60 characters), or on another flag.
 */
export function parseDbGenerateArgs(argv: readonly string[]): DbGenerateArgs {
  const usage = 'usage: npm run db:generate -- <name> [--custom]   (or --name <name>)';
  let name: string | undefined;
  let custom = false;
  const setName = (value: string | undefined) => {
    if (value === undefined || value === '') throw new Error(`--name needs a value\n${usage}`);
    if (name !== undefined) throw new Error(`one migration name only\n${usage}`);
    name = value;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') continue;
    if (arg === '--custom') custom = true;
    else if (arg === '--name') setName(argv[++i]);
    else if (arg.startsWith('--name=')) setName(arg.slice('--name='.length));
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}\n${usage}`);
    else setName(arg);
  }
  if (name === undefined) throw new Error(`a migration name is required\n${usage}`);
  if (!/^[a-z0-9_]{1,60}$/.test(name)) {
    throw new Error(`migration name "${name}": use a-z, 0-9 and _ (at most 60)\n${usage}`);
  }
  return { name, custom };
}

/** A small `--flag value` / `--flag=value` parser for the codegen CLIs. */

/** Parsed flags; a flag given twice keeps its last value. */
export type Flags = ReadonlyMap<string, string>;

/**
 * Parses `argv` (without node and script) against the allowed flag names; throws on an
 * unknown flag, a missing value or a stray argument, with a message for people.
 */
export function parseFlags(argv: readonly string[], allowed: readonly string[]): Flags {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') continue;
    const match = /^--([a-z][a-z-]*)(?:=(.*))?$/.exec(arg);
    if (!match?.[1]) throw new Error(`unexpected argument: ${arg}`);
    const name = match[1];
    if (!allowed.includes(name)) {
      throw new Error(
        `unknown flag --${name} (allowed: ${allowed.map((a) => `--${a}`).join(', ')})`,
      );
    }
    let value = match[2];
    if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
      i++;
    }
    flags.set(name, value);
  }
  return flags;
}

/** Runs a CLI's main, printing an error's message (not its stack) and exiting 1 on failure. */
export function runMain(main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}

/**
 * Runs a command-line entry point: an expected failure (database locked or unreachable,
 * bad setting) prints its message and exits with status 1 instead of a stack trace.
 * Set `DEBUG=1` to see the stack.
 */
export function runCli(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(process.env.DEBUG ? error : `Error: ${message}`);
    process.exit(1);
  });
}

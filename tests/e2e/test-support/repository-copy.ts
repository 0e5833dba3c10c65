/**
 * A throw-away copy of the repository for e2e tests that regenerate and build the SPA
 * (docs/extending.md "Add an entity", "Another Django REST Framework back-end"): the files
 * git knows (tracked and new, not ignored), with node_modules a link to this one's.
 */
import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, lstatSync, mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Runs `command` in `cwd`; throws with its output when it fails. */
export function run(cwd: string, command: string, args: readonly string[]): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: process.env });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
}

/**
 * {@link run} without blocking this process: for commands that talk to a server this
 * process serves.
 */
export function runAsync(cwd: string, command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd, encoding: 'utf8', env: process.env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          reject(
            new Error(
              `${command} ${args.join(' ')} failed (${error.message}):\n${stdout}\n${stderr}`,
            ),
          );
        } else resolve();
      },
    );
  });
}

/** The repository's files as git sees them (tracked and new, not ignored), copied to `to`. */
export function copyRepository(from: string, to: string): void {
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: from,
      encoding: 'utf8',
    },
  );
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    // A file deleted but not yet staged is listed and absent, and a worktree's link to
    // node_modules is listed as a file: neither is copied.
    const stat = lstatSync(join(from, file), { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(from, file), join(to, file));
  }
  symlinkSync(realpathSync(join(from, 'node_modules')), join(to, 'node_modules'), 'dir');
}

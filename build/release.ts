/**
 * The release the About dialog shows (docs/operations.md), fixed at build time.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** `JOULE_RELEASE`, else the `version` of `packageJson` (a path or URL of package.json). */
export function release(packageJson: URL | string, env = process.env): string {
  if (env.JOULE_RELEASE) return env.JOULE_RELEASE;
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
}

/** `JOULE_RELEASE_TAG`, else `git describe`, else empty (no git at hand). */
export function releaseTag(env = process.env): string {
  if (env.JOULE_RELEASE_TAG) return env.JOULE_RELEASE_TAG;
  try {
    return execSync('git describe --tags --always --dirty', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return '';
  }
}

/**
 * The SPA built against another back-end, as docs/extending.md "Another Django REST
 * Framework back-end" says: in a copy of the repository, `npm run schema:pull` from the
 * running back-end, `npm run codegen`, and the browser build (`vite build`; the same
 * sources, overrides and libraries). The copy holds the temporary `schema/`,
 * `src/generated/`, `locales/generated/` and `dist/`; this repository's are untouched.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyRepository, runAsync } from './repository-copy';

/** A built peer app: its `dist/` and the copy to delete afterwards. */
export interface PeerBuild {
  readonly dist: string;
  readonly copy: string;
  remove(): void;
}

/** Pulls the schema of `apiUrl` (signing in as `account`), generates and builds. */
export async function buildAgainst(
  apiUrl: string,
  account: { readonly email: string; readonly password: string },
): Promise<PeerBuild> {
  const copy = mkdtempSync(join(tmpdir(), 'joule-peer-build-'));
  const remove = () => rmSync(copy, { recursive: true, force: true });
  try {
    copyRepository(process.cwd(), copy);
    await runAsync(copy, 'npm', [
      'run',
      'schema:pull',
      '--',
      '--url',
      apiUrl,
      '--email',
      account.email,
      '--password',
      account.password,
    ]);
    await runAsync(copy, 'npm', ['run', 'codegen']);
    await runAsync(copy, 'npx', ['vite', 'build', '--logLevel', 'warn']);
  } catch (error) {
    remove();
    throw error;
  }
  return { dist: join(copy, 'dist'), copy, remove };
}

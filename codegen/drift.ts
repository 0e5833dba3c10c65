/**
 * `npm run test:drift` (docs/architecture.md "Real components": generated files):
 * 1. starts the reference server (`npx tsx server/main.ts`, in-memory database, free port),
 * 2. pulls its schema into a temporary folder and compares it with `schema/`,
 * 3. runs codegen on the committed `schema/` into a temporary folder and compares it with
 *    `src/generated/` and `locales/generated/`.
 * Prints which files differ and where; exits 1 on any difference, 0 when all are equal.
 * The server is always stopped. Temporary folders stay when something differs, to diff.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_GENERATED_DIR,
  DEFAULT_LOCALES_DIR,
  DEFAULT_SCHEMA_DIR,
  generateFromDir,
  writeGenerated,
} from './codegen-command';
import { compareFileMaps, formatDifferences, type Difference } from './drift/compare';
import { startServer } from './drift/server';
import { parseFlags, runMain } from './lib/args';
import { readFileMap, writeFileMap } from './lib/files';
import { pullCredentials, pullSchema } from './pull/pull-schema';

/** `JOULE_DATA_DIR` for the drift server: PGlite in memory unless the environment says otherwise. */
const DATA_DIR = process.env.JOULE_DRIFT_DATA_DIR ?? 'memory://';

runMain(async () => {
  parseFlags(process.argv.slice(2), []);
  const work = await mkdtemp(join(tmpdir(), 'joule-drift-'));
  const pulledDir = join(work, 'schema');
  const generatedDir = join(work, 'src-generated');
  const localesDir = join(work, 'locales-generated');
  const report: string[] = [];
  let failed = false;
  const check = async (label: string, made: string, committed: string): Promise<void> => {
    const differences: Difference[] = compareFileMaps(
      await readFileMap(made),
      await readFileMap(committed),
    );
    if (differences.length === 0) {
      report.push(`ok    ${committed}/ equals ${label}`);
      return;
    }
    failed = true;
    report.push(`DRIFT ${committed}/ differs from ${label} (${made}/):`);
    report.push(...formatDifferences(committed, differences));
  };

  const server = await startServer({
    command: ['npx', 'tsx', 'server/main.ts'],
    cwd: process.cwd(),
    dataDir: DATA_DIR,
    timeoutMs: 120_000,
  }).catch(async (error: unknown) => {
    await rm(work, { recursive: true, force: true });
    throw error;
  });
  try {
    const files = await pullSchema({
      url: server.apiUrl,
      ...pullCredentials({}, process.env),
    });
    await writeFileMap(pulledDir, files);
  } finally {
    await server.stop();
  }
  await check('what the server publishes', pulledDir, DEFAULT_SCHEMA_DIR);

  await writeGenerated(await generateFromDir(DEFAULT_SCHEMA_DIR), generatedDir, localesDir);
  await check('codegen of schema/', generatedDir, DEFAULT_GENERATED_DIR);
  await check('codegen of schema/', localesDir, DEFAULT_LOCALES_DIR);

  console.log(report.join('\n'));
  if (failed) {
    console.log(
      '\nRun `npm run schema:pull` against the server (if schema/ drifted), then `npm run codegen`.',
    );
    return 1;
  }
  await rm(work, { recursive: true, force: true });
  return 0;
});

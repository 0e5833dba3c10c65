/**
 * `npm run regen`: the one command after a change to the reference API's declarations
 * (docs/extending.md). It
 * 1. starts the reference server as a child process on a scratch in-memory database and a
 *    free loopback port (the same start as `npm run test:drift`),
 * 2. pulls its OpenAPI document and OPTIONS answers into `schema/`,
 * 3. runs codegen on `schema/` into `src/generated/` and `locales/generated/`.
 * No server needs to be running or restarted by hand. The server is always stopped.
 */
import {
  DEFAULT_GENERATED_DIR,
  DEFAULT_LOCALES_DIR,
  DEFAULT_SCHEMA_DIR,
  generateFromDir,
  writeGenerated,
} from './codegen-command';
import { startServer } from './drift/server';
import { parseFlags, runMain } from './lib/args';
import { writeFileMap } from './lib/files';
import { pullCredentials, pullSchema } from './pull/pull-schema';

runMain(async () => {
  parseFlags(process.argv.slice(2), []);
  const server = await startServer({
    command: ['npx', 'tsx', 'server/main.ts'],
    cwd: process.cwd(),
    dataDir: process.env.JOULE_DRIFT_DATA_DIR ?? 'memory://',
    timeoutMs: 120_000,
  });
  try {
    const schema = await pullSchema({ url: server.apiUrl, ...pullCredentials({}, process.env) });
    await writeFileMap(DEFAULT_SCHEMA_DIR, schema);
    console.log(`regen: ${server.apiUrl} → ${DEFAULT_SCHEMA_DIR}/ (${schema.size} files)`);
  } finally {
    await server.stop();
  }
  const files = await generateFromDir(DEFAULT_SCHEMA_DIR);
  await writeGenerated(files, DEFAULT_GENERATED_DIR, DEFAULT_LOCALES_DIR);
  console.log(
    `regen: codegen → ${DEFAULT_GENERATED_DIR}/ (${files.generated.size} files), ${DEFAULT_LOCALES_DIR}/ (${files.locales.size} files)`,
  );
  return 0;
});

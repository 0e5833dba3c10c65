/**
 * `npm run seed`: migrates the configured database (see `config.ts`) and inserts the demo
 * roles, users and domain data (existing rows are kept).
 *
 * ```sh
 * npm run seed                                   # demo data into ./data (or DATABASE_URL)
 * npm run seed -- --scale large                  # + 100,000 customers, 10,000,000 readings
 * npm run seed -- --scale large --data-dir DIR   # into a PGlite data folder DIR (its db/)
 * ```
 *
 * `--data-dir` takes precedence over `DATABASE_URL` and `JOULE_DATA_DIR`; a server started
 * with `JOULE_DATA_DIR=DIR` then uses the seeded database. Prints progress and the time.
 */
import { parseArgs } from 'node:util';
import { runCli } from './cli';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './runtime';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed';
import { seedLarge } from './seed';

const USAGE = 'Usage: npm run seed [-- --scale demo|large] [--data-dir DIR]';

function options() {
  try {
    const { values } = parseArgs({
      options: {
        scale: { type: 'string', default: 'demo' },
        'data-dir': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    });
    if (values.scale !== 'demo' && values.scale !== 'large')
      throw new Error(`--scale ${values.scale}`);
    return { scale: values.scale, dataDir: values['data-dir'] };
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

runCli(async () => {
  const { scale, dataDir } = options();
  const env = dataDir ? { ...process.env, JOULE_DATA_DIR: dataDir, DATABASE_URL: '' } : process.env;
  const started = performance.now();
  // The large seed builds indexes over millions of rows: no statement timeout for it.
  const database = await openConfiguredDatabase({
    ...loadConfig(env),
    databaseStatementTimeout: 0,
  });
  try {
    console.log(`Seeding ${scale} data into ${database.description}…`);
    if (scale === 'large') await seedLarge(database.db, (line) => console.log(line));
    else await seedDemo(database.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Done in ${seconds} s.`);
    console.log(
      `Sign in as ${DEMO_USERS.admin}, ${DEMO_USERS.clerk} or ${DEMO_USERS.accountant} with password ${DEMO_PASSWORD}.`,
    );
  } finally {
    await database.close();
  }
});

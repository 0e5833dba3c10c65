/**
 * `npm run seed`: migrates the configured database (see `config.ts`) and inserts the demo
 * roles and users (existing ones are kept). Takes no options.
 */
import { runCli } from './cli';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './runtime';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed';

const args = process.argv.slice(2);
if (args.length > 0) {
  console.error(
    `Unknown argument${args.length > 1 ? 's' : ''}: ${args.join(' ')}\nUsage: npm run seed`,
  );
  process.exit(2);
}

runCli(async () => {
  const database = await openConfiguredDatabase(loadConfig());
  try {
    await seedDemo(database.db);
    console.log(`Demo data seeded into ${database.description}.`);
    console.log(
      `Sign in as ${DEMO_USERS.admin} or ${DEMO_USERS.clerk} with password ${DEMO_PASSWORD}.`,
    );
  } finally {
    await database.close();
  }
});

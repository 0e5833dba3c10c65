/**
 * The database every test server starts from: migrated and seeded once per `vitest run` by
 * the projects' global set-up (`global-setup.ts`, named in build/test-projects.ts), then
 * copied for each server (`startTestServer`), instead of each server migrating and seeding
 * its own (about 3 s on PGlite, most of it PGlite's own `initdb`):
 *
 * - PGlite: the template's archive (`dumpDataDir`, an uncompressed tar) in a file; a server
 *   opens an in-memory PGlite from it (about 0.7 s);
 * - PostgreSQL: a template database on the server of `JOULE_TEST_DATABASE_URL`; a server's
 *   database is `CREATE DATABASE … TEMPLATE` of it.
 *
 * Without the global set-up (a script importing the harness), servers migrate and seed
 * their own database as before.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { hashPassword, type ScryptCost } from '../auth/passwords';
import { dumpPgliteDataDir, openDatabase, type DatabaseHandle } from '../db/client';
import { DEMO_PASSWORD, seedDemo } from '../seed';
import { scratchDatabase } from './child-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the PGlite template's archive; null without one. */
    joulePgliteTemplate: string | null;
    /** The PostgreSQL template database and the server it is on; null without one. */
    joulePostgresTemplate: PostgresTemplate | null;
  }
}

/** A template database on a PostgreSQL server. */
export interface PostgresTemplate {
  /** The server's URL (a role allowed to create databases), as `JOULE_TEST_DATABASE_URL`. */
  readonly serverUrl: string;
  /** The template database's name. */
  readonly name: string;
}

/** Days of demo readings per meter in a test server's database. */
export const TEST_READING_DAYS = 14;

/**
 * scrypt cost of the passwords tests set (seeded, created through the API, reset): cheap,
 * so that the many sign-ins of a test run stay fast. The cost is stored in each hash.
 */
export const TEST_PASSWORD_COST: ScryptCost = { N: 1024, r: 8, p: 1 };

/**
 * Migrates `database` and fills it with the demo data of a test server: the demo users
 * (password `DEMO_PASSWORD`, hashed at {@link TEST_PASSWORD_COST}) and
 * {@link TEST_READING_DAYS} days of readings per meter, without a supplier or billed month
 * (the billing tests make their own).
 */
export async function seedTestDatabase(database: DatabaseHandle): Promise<void> {
  await database.migrate();
  await seedDemo(database.db, {
    passwordHash: await hashPassword(DEMO_PASSWORD, TEST_PASSWORD_COST),
    readingDays: TEST_READING_DAYS,
    billing: false,
  });
}

/**
 * Makes the PGlite template: a seeded database in a temporary folder, archived into a file
 * there. Returns the file and the removal of the folder.
 */
export async function makePgliteTemplate(): Promise<{ file: string; remove: () => void }> {
  const folder = mkdtempSync(join(tmpdir(), 'joule-test-template-'));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  try {
    const dataDir = join(folder, 'db');
    const database = await openDatabase({ dataDir });
    try {
      await seedTestDatabase(database);
    } finally {
      await database.close();
    }
    const archive = await dumpPgliteDataDir(dataDir);
    // Stored uncompressed: each server's copy then opens without unpacking it.
    const file = join(folder, 'template.tar');
    writeFileSync(file, gunzipSync(Buffer.from(await archive.arrayBuffer())));
    rmSync(dataDir, { recursive: true, force: true });
    return { file, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * Makes the PostgreSQL template on the server at `serverUrl`. Returns it and its removal.
 */
export async function makePostgresTemplate(
  serverUrl: string,
): Promise<{ template: PostgresTemplate; remove: () => Promise<void> }> {
  const scratch = await scratchDatabase(serverUrl, 'joule_template');
  try {
    const database = await openDatabase({ url: scratch.url });
    try {
      await seedTestDatabase(database);
    } finally {
      await database.close();
    }
    const name = new URL(scratch.url).pathname.slice(1);
    return { template: { serverUrl, name }, remove: scratch.drop };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

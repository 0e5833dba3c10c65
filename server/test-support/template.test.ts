/**
 * The run's template database (template.ts): a test server's database is a copy of it, and
 * holds what a database migrated and seeded on its own holds.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { testPostgresAvailable, testPostgresUrl } from './pg-cluster';
import { startTestServer } from './server';
import { scratchDatabase } from './child-server';
import { makePostgresTemplate, seedTestDatabase } from './template';

/** Rows per table of the application's schemas, and the migrations applied (their hashes). */
async function contents(db: Database): Promise<Record<string, number | string>> {
  const tables = (await db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle', 'pgboss')
    order by 1, 2`)) as unknown as { rows: { schema: string; name: string }[] };
  const result: Record<string, number | string> = {};
  for (const { schema, name } of tables.rows) {
    const counted = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(name)}`,
    )) as unknown as { rows: { n: number }[] };
    result[`${schema}.${name}`] = counted.rows[0]!.n;
  }
  const migrations = (await db.execute(
    sql`select hash from drizzle.__drizzle_migrations order by id`,
  )) as unknown as { rows: { hash: string }[] };
  result.migrations = migrations.rows.map((row) => row.hash).join(',');
  return result;
}

let seeded: Promise<Record<string, number | string>> | undefined;

/** The contents of a database migrated and seeded on its own, in memory (made once). */
function seededOnItsOwn(): Promise<Record<string, number | string>> {
  seeded ??= (async () => {
    const database = await openDatabase({ memory: true });
    try {
      await seedTestDatabase(database);
      return await contents(database.db);
    } finally {
      await database.close();
    }
  })();
  return seeded;
}

describe.skipIf(process.env.JOULE_TEST_DATABASE_URL)('the PGlite template', () => {
  it('is made for the run, and a test server starts from a copy of it', async () => {
    expect(inject('joulePgliteTemplate')).toMatch(/template\.tar$/);
    const server = await startTestServer();
    const other = await startTestServer();
    try {
      // Each hash has its own random salt: two servers share the hash only as copies of one database.
      const hashes = await Promise.all(
        [server, other].map(async ({ database }) => {
          const found = (await database.db.execute(
            sql`select password_hash as hash from users order by id limit 1`,
          )) as unknown as { rows: { hash: string }[] };
          return found.rows[0]!.hash;
        }),
      );
      expect(hashes[0]).toEqual(hashes[1]);
      // The running app fills its cache of row counts itself.
      const { 'public.row_counts': _counts, ...copied } = await contents(server.database.db);
      const { 'public.row_counts': _none, ...seeded } = await seededOnItsOwn();
      expect(copied['public.users']).toBeGreaterThan(0);
      expect(copied['public.measurements']).toBeGreaterThan(0);
      expect(copied).toEqual(seeded);
    } finally {
      await server.close();
      await other.close();
    }
  });
});

describe('a PostgreSQL template', async () => {
  const serverUrl = testPostgresUrl;
  const answers = await testPostgresAvailable();
  const dropped: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of dropped.reverse()) await drop();
  });

  it.skipIf(!answers)(
    'made on the server of the PostgreSQL tests, copies into a database holding what a seeded one holds',
    async () => {
      const { template, remove } = await makePostgresTemplate(serverUrl);
      dropped.push(remove);
      const scratch = await scratchDatabase(serverUrl, 'joule_test', template.name);
      dropped.push(scratch.drop);
      const copy = await openDatabase({ url: scratch.url });
      try {
        expect(await contents(copy.db)).toEqual(await seededOnItsOwn());
      } finally {
        await copy.close();
      }
    },
  );
});

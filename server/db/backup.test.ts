/**
 * `npm run backup` / `npm run restore` (docs/operations.md "Backups"), the real commands as
 * child processes on a PGlite data folder: the demo database is backed up, changed, restored,
 * and then holds exactly what it held, table by table and row by row; the changed database is
 * kept aside, a restore over a database needs `--force`, and a backup beside a running server
 * is refused.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords';
import { DEMO_PASSWORD, seedDemo } from '../seed';
import { TEST_PASSWORD_COST } from '../test-support/server';
import { openDatabase, type Database } from './client';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `npm run <command> -- args` as the package script does; resolves with code and output. */
function run(
  dataDir: string,
  args: readonly string[],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/backup.ts', ...args], {
      cwd: root,
      env: { ...process.env, JOULE_DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Every table of the application's schemas: name → its rows as sorted JSON texts. */
async function snapshot(db: Database): Promise<Map<string, string[]>> {
  const tables = (await db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle', 'pgboss')
    order by 1, 2`)) as unknown as { rows: { schema: string; name: string }[] };
  const result = new Map<string, string[]>();
  for (const { schema, name } of tables.rows) {
    const rows = (await db.execute(
      sql`select to_jsonb(t)::text as row from ${sql.identifier(schema)}.${sql.identifier(name)} t`,
    )) as unknown as { rows: { row: string }[] };
    result.set(`${schema}.${name}`, rows.rows.map((row) => row.row).sort());
  }
  return result;
}

async function withDatabase<T>(dataDir: string, work: (db: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: join(dataDir, 'db') });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  const work = mkdtempSync(join(tmpdir(), 'joule-backup-'));
  const dataDir = join(work, 'data');
  const archive = join(work, 'joule.tar.gz');
  let original: Map<string, string[]>;

  beforeAll(async () => {
    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    try {
      await database.migrate();
      await seedDemo(database.db, {
        passwordHash: await hashPassword(DEMO_PASSWORD, TEST_PASSWORD_COST),
        readingDays: 14,
      });
      original = await snapshot(database.db);
    } finally {
      await database.close();
    }
  }, 120_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('refuses to back up beside a running server', async () => {
    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    try {
      const refused = await run(dataDir, ['backup', '--out', join(work, 'refused.tar.gz')]);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`is in use by process ${process.pid}`);
      expect(existsSync(join(work, 'refused.tar.gz'))).toBe(false);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('restores what was backed up, every table and row, keeping the replaced database', async () => {
    const backedUp = await run(dataDir, ['backup', '--out', archive]);
    expect(backedUp.code, backedUp.output).toBe(0);
    expect(backedUp.output).toContain(`to ${archive}`);

    // Changed after the backup: updated, added and deleted rows.
    const changed = await withDatabase(dataDir, async (db) => {
      await db.execute(sql`update customers set last_name = 'Po záloze'`);
      await db.execute(sql`insert into products (name) values ('After the backup')`);
      await db.execute(
        sql`delete from measurements where id in (select id from measurements order by id limit 10)`,
      );
      return snapshot(db);
    });
    expect(changed).not.toEqual(original);

    const refused = await run(dataDir, ['restore', archive]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('add --force');

    const restored = await run(dataDir, ['restore', archive, '--force']);
    expect(restored.code, restored.output).toBe(0);
    const restoredNow = await withDatabase(dataDir, snapshot);
    expect([...restoredNow.keys()]).toEqual([...original.keys()]);
    expect(restoredNow.size).toBeGreaterThan(20);
    for (const [table, rows] of original) expect(restoredNow.get(table), table).toEqual(rows);

    // The database it replaced is kept beside it, as it was.
    const kept = readdirSync(dataDir).filter((name) => name.startsWith('db.before-restore-'));
    expect(kept).toHaveLength(1);
    const keptDatabase = await openDatabase({ dataDir: join(dataDir, kept[0]!) });
    try {
      expect(await snapshot(keptDatabase.db)).toEqual(changed);
    } finally {
      await keptDatabase.close();
    }
  }, 180_000);

  it('refuses a file that is not a backup, and leaves the database as it was', async () => {
    const before = readdirSync(dataDir).sort();
    const refused = await run(dataDir, ['restore', join(root, 'package.json'), '--force']);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is not a backup');
    expect(readdirSync(dataDir).sort()).toEqual(before);
  }, 60_000);
});

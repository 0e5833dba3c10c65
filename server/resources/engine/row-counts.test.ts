/**
 * Maintained row counts (`row-counts.ts`, issue "Load"): exact through every kind of write,
 * transaction-safe, used by unfiltered lists only. Runs on PGlite, and on PostgreSQL with
 * `JOULE_TEST_DATABASE_URL`.
 */
import { eq, inArray, like, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports, roles, rowCounts } from '../../db/schema';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test-support/server';
import { resources } from '../definitions';
import { ResourceRegistry } from './registry';
import { installRowCounts } from './row-counts';

let server: TestServer;
let admin: string;
const registry = new ResourceRegistry(resources);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
});
afterAll(() => server.close());

/** `count(*)` of the table called `name`. */
async function counted(name: string): Promise<number> {
  const result = (await server.database.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(name)}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/** The maintained count of the table called `name` (undefined without a row). */
async function maintained(name: string): Promise<number | undefined> {
  const [row] = await server.database.db
    .select({ n: rowCounts.n })
    .from(rowCounts)
    .where(eq(rowCounts.tableName, `public.${name}`));
  return row?.n;
}

/** The `count` of the unfiltered list of `resource`. */
async function listCount(resource: string, query = ''): Promise<number> {
  const response = await server.request<{ count: number }>(`/${resource}/${query}`, {
    token: admin,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.count;
}

/** Asserts the maintained count, the list's count and `count(*)` of roles agree. */
async function expectRolesExact(): Promise<number> {
  const n = await counted('roles');
  expect(await maintained('roles')).toBe(n);
  expect(await listCount('roles')).toBe(n);
  return n;
}

describe('maintained row counts', () => {
  it('count every registered resource’s table: the list’s count is count(*)', async () => {
    for (const resource of registry.all()) {
      const name = getTableConfig(resource.def.table).name;
      const n = await counted(name);
      expect(await maintained(name), name).toBe(n);
      expect(await listCount(resource.name), resource.name).toBe(n);
    }
  });

  it('follow creates and deletes through the API', async () => {
    const before = await expectRolesExact();
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const created = await server.request<{ id: number }>('/roles/', {
        method: 'POST',
        token: admin,
        body: { name: `Counted ${i}`, privileges: [] },
      });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    expect(await expectRolesExact()).toBe(before + 3);
    const deleted = await server.request(`/roles/${ids[0]}/`, { method: 'DELETE', token: admin });
    expect(deleted.status).toBe(204);
    expect(await expectRolesExact()).toBe(before + 2);
    // A refused create writes nothing and counts nothing.
    const refused = await server.request('/roles/', { method: 'POST', token: admin, body: {} });
    expect(refused.status).toBe(400);
    expect(await expectRolesExact()).toBe(before + 2);
  });

  it('count a bulk insert and a bulk delete exactly, in one statement each', async () => {
    const { db } = server.database;
    const before = await expectRolesExact();
    await db
      .insert(roles)
      .values(Array.from({ length: 500 }, (_, i) => ({ name: `Bulk ${i}`, privileges: [] })));
    expect(await expectRolesExact()).toBe(before + 500);
    await db.delete(roles).where(like(roles.name, 'Bulk 1%'));
    expect(await expectRolesExact()).toBe(before + 500 - 111);
    // A statement that matches nothing changes nothing.
    await db.delete(roles).where(eq(roles.name, 'no such role'));
    await db
      .update(roles)
      .set({ privileges: ['USERS'] })
      .where(like(roles.name, 'Bulk 2%'));
    expect(await expectRolesExact()).toBe(before + 389);
    await db.delete(roles).where(like(roles.name, 'Bulk %'));
    expect(await expectRolesExact()).toBe(before);
  });

  it('count the rows the readings bulk endpoint stores, not the ones it skips', async () => {
    const device = await server.request<{ id: number }>('/tariffdevices/', {
      method: 'POST',
      token: admin,
      body: { serial_number: 'COUNTED-1', name: 'Counted meter' },
    });
    expect(device.status).toBe(201);
    const body = Array.from({ length: 200 }, (_, day) => ({
      tariff_device: device.body.id,
      timestamp_received: new Date(Date.UTC(2025, 0, 1 + day)).toISOString(),
      obis_181: (1000 + day).toFixed(3),
      obis_182: '0.000',
      obis_280: '0.000',
    }));
    const before = await counted('measurements');
    for (const expected of [200, 0]) {
      // The second time every row is already stored (ON CONFLICT DO NOTHING inserts none).
      const stored = await server.request<{ created: number }>('/measurements/bulk/', {
        method: 'POST',
        token: admin,
        body,
      });
      expect(stored.body.created).toBe(expected);
      expect(await counted('measurements')).toBe(before + 200);
      expect(await maintained('measurements')).toBe(before + 200);
      expect(await listCount('measurements')).toBe(before + 200);
    }
  });

  it('count only the rows INSERT … ON CONFLICT DO NOTHING inserts', async () => {
    const { db } = server.database;
    const before = await expectRolesExact();
    await db.insert(roles).values({ name: 'Conflicting', privileges: [] });
    await db
      .insert(roles)
      .values([
        { name: 'Conflicting', privileges: [] },
        { name: 'Not conflicting', privileges: [] },
      ])
      .onConflictDoNothing();
    expect(await expectRolesExact()).toBe(before + 2);
    await db.delete(roles).where(inArray(roles.name, ['Conflicting', 'Not conflicting']));
    expect(await expectRolesExact()).toBe(before);
  });

  it('leave the count alone when the transaction rolls back', async () => {
    const { db } = server.database;
    const before = await expectRolesExact();
    const rollback = new Error('rollback');
    await expect(
      db.transaction(async (tx) => {
        await tx
          .insert(roles)
          .values(Array.from({ length: 20 }, (_, i) => ({ name: `Undone ${i}`, privileges: [] })));
        // Inside the transaction the count already includes its own rows.
        const [inside] = await tx
          .select({ n: rowCounts.n })
          .from(rowCounts)
          .where(eq(rowCounts.tableName, 'public.roles'));
        expect(inside?.n).toBe(before + 20);
        await tx.delete(roles).where(eq(roles.name, 'Clerk'));
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await expectRolesExact()).toBe(before);
    // A write the database refuses (unique name) is rolled back with its count.
    const duplicate = await server.request('/roles/', {
      method: 'POST',
      token: admin,
      body: { name: 'Clerk', privileges: [] },
    });
    expect(duplicate.status).toBe(400);
    expect(await expectRolesExact()).toBe(before);
  });

  it('stay exact under concurrent creates and deletes', async () => {
    const before = await expectRolesExact();
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        server.request<{ id: number }>('/roles/', {
          method: 'POST',
          token: admin,
          body: { name: `Concurrent ${i}`, privileges: [] },
        }),
      ),
    );
    expect(created.map((response) => response.status)).toEqual(Array(12).fill(201));
    expect(await expectRolesExact()).toBe(before + 12);
    const deleted = await Promise.all(
      created
        .slice(0, 8)
        .map((response) =>
          server.request(`/roles/${response.body.id}/`, { method: 'DELETE', token: admin }),
        ),
    );
    expect(deleted.map((response) => response.status)).toEqual(Array(8).fill(204));
    expect(await expectRolesExact()).toBe(before + 4);
  });

  it('answer an unfiltered list from row_counts and a filtered one with count(*)', async () => {
    const { db } = server.database;
    const n = await expectRolesExact();
    // Make the maintained number visibly different from the table, then put it back.
    await db
      .update(rowCounts)
      .set({ n: n + 1000 })
      .where(eq(rowCounts.tableName, 'public.roles'));
    try {
      expect(await listCount('roles')).toBe(n + 1000);
      expect(await listCount('roles', '?page_size=1&page=2')).toBe(n + 1000);
      // Filtered lists count the matching rows.
      expect(await listCount('roles', '?search=clerk')).toBe(1);
      expect(await listCount('roles', '?filter=privileges=USERS&page_size=1')).toBe(
        (
          await db
            .select()
            .from(roles)
            .where(sql`'USERS' = any(${roles.privileges})`)
        ).length,
      );
      expect(await listCount('roles', '?filter=name=Clerk')).toBe(1);
    } finally {
      await db.update(rowCounts).set({ n }).where(eq(rowCounts.tableName, 'public.roles'));
    }
    // Without its row the table is counted with count(*).
    await db.delete(rowCounts).where(eq(rowCounts.tableName, 'public.roles'));
    expect(await listCount('roles')).toBe(n);
    await installRowCounts(db, registry.all());
    expect(await expectRolesExact()).toBe(n);
  });

  it('are installed again, counted afresh, where a trigger or a row went missing', async () => {
    const { db } = server.database;
    await installRowCounts(db, registry.all()); // idempotent
    const n = await expectRolesExact();
    await db.execute(sql`drop trigger joule_row_count_insert on roles`);
    await db.insert(roles).values({ name: 'Uncounted', privileges: [] });
    expect(await maintained('roles')).toBe(n); // missed without its trigger
    await installRowCounts(db, registry.all());
    expect(await expectRolesExact()).toBe(n + 1);
    await db.delete(roles).where(eq(roles.name, 'Uncounted'));
    expect(await expectRolesExact()).toBe(n);
  });

  it('drop to zero on TRUNCATE', async () => {
    const { db } = server.database;
    expect(registry.get('reports').referrers).toEqual([]);
    expect(await maintained('reports')).toBeGreaterThan(0);
    await db.execute(sql`truncate ${reports}`);
    expect(await maintained('reports')).toBe(0);
    expect(await listCount('reports')).toBe(0);
    await db.insert(reports).values({ name: 'Again' });
    expect(await maintained('reports')).toBe(await counted('reports'));
  });
});

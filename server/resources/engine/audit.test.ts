/**
 * The audit log (docs/architecture.md "Real components"): every create, update and delete through the API —
 * single and bulk — leaves one `audit_log` row with who, when, what and the changed fields'
 * before / after values, in the same transaction; `GET /<name>/{id}/history/` reads it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/security';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test-support/server';

let server: TestServer;
let admin: string;
let adminId: number;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  adminId = (await server.request('/auth/me/', { token: admin })).body.id;
});
afterAll(() => server.close());

/** The audit rows of one row, oldest first, straight from the table. */
async function auditRows(resource: string, rowId: number) {
  return server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, resource), eq(auditLog.rowId, rowId)))
    .orderBy(auditLog.id);
}

async function auditCount(): Promise<number> {
  const [row] = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  return Number(row!.n);
}

let made = 0;
async function createCustomer(extra: object = {}) {
  made += 1;
  const response = await server.request('/customers/', {
    method: 'POST',
    token: admin,
    body: {
      customer_no: `AUD-${made}`,
      type: 'person',
      first_name: 'Jana',
      last_name: 'Dvořáková',
      ...extra,
    },
  });
  expect(response.status).toBe(201);
  return response.body as { id: number; customer_no: string };
}

describe('audit rows of single writes', () => {
  it('records a create with every set field as [null, value] and who made it', async () => {
    const before = Date.now();
    const customer = await createCustomer({ birth_date: '1980-02-03' });
    const [row, ...rest] = await auditRows('customers', customer.id);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      action: 'create',
      userId: adminId,
      userEmail: DEMO_USERS.admin,
    });
    expect(row!.at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(row!.changes).toMatchObject({
      customer_no: [null, customer.customer_no],
      type: [null, 'person'],
      first_name: [null, 'Jana'],
      last_name: [null, 'Dvořáková'],
      birth_date: [null, '1980-02-03'],
      report_email: [null, ''],
      is_active: [null, true],
    });
    // Defaults are what the row was created with; the id is the row id, not a change.
    expect(row!.changes).toMatchObject({ company_name: [null, ''] });
    expect(row!.changes).not.toHaveProperty('id');
  });

  it('records an update with the changed fields only, before and after', async () => {
    const customer = await createCustomer();
    const response = await server.request(`/customers/${customer.id}/`, {
      method: 'PATCH',
      token: admin,
      body: { first_name: 'Johana', last_name: 'Dvořáková', is_active: false },
    });
    expect(response.status).toBe(200);
    const rows = await auditRows('customers', customer.id);
    expect(rows.map((row) => row.action)).toEqual(['create', 'update']);
    expect(rows[1]!.changes).toEqual({
      first_name: ['Jana', 'Johana'],
      is_active: [true, false],
    });
  });

  it('writes nothing for an update that changes nothing', async () => {
    const customer = await createCustomer();
    for (const body of [{}, { first_name: 'Jana' }]) {
      const response = await server.request(`/customers/${customer.id}/`, {
        method: 'PATCH',
        token: admin,
        body,
      });
      expect(response.status).toBe(200);
    }
    expect((await auditRows('customers', customer.id)).map((row) => row.action)).toEqual([
      'create',
    ]);
  });

  it('records a delete with the last values as [value, null]', async () => {
    const customer = await createCustomer();
    const response = await server.request(`/customers/${customer.id}/`, {
      method: 'DELETE',
      token: admin,
    });
    expect(response.status).toBe(204);
    const rows = await auditRows('customers', customer.id);
    expect(rows.map((row) => row.action)).toEqual(['create', 'delete']);
    expect(rows[1]!.changes).toMatchObject({
      customer_no: [customer.customer_no, null],
      first_name: ['Jana', null],
      is_active: [true, null],
    });
    expect(rows[1]!.userEmail).toBe(DEMO_USERS.admin);
  });

  it('writes no audit row for a refused write (400, 412, a refused delete)', async () => {
    const customer = await createCustomer();
    const count = await auditCount();
    const refused = [
      await server.request('/customers/', {
        method: 'POST',
        token: admin,
        body: {
          customer_no: customer.customer_no,
          type: 'person',
          first_name: 'A',
          last_name: 'B',
        },
      }),
      await server.request(`/customers/${customer.id}/`, {
        method: 'PATCH',
        token: admin,
        body: { type: 'company' },
      }),
      await server.request(`/customers/${customer.id}/`, {
        method: 'PATCH',
        token: admin,
        headers: { 'if-match': '"stale"' },
        body: { first_name: 'Stale' },
      }),
    ];
    expect(refused.map((response) => response.status)).toEqual([400, 400, 412]);
    // A customer with an address cannot be deleted (400): its delete is not recorded.
    const address = await server.request('/addresses/', {
      method: 'POST',
      token: admin,
      body: {
        customer: customer.id,
        type: 'permanent',
        street: 'Dlouhá 1',
        city: 'Praha',
        zip_code: '110 00',
      },
    });
    expect(address.status).toBe(201);
    const deleted = await server.request(`/customers/${customer.id}/`, {
      method: 'DELETE',
      token: admin,
    });
    expect(deleted.status).toBe(400);
    expect(await auditCount()).toBe(count + 1); // the address's create only
    expect((await auditRows('customers', customer.id)).map((row) => row.action)).toEqual([
      'create',
    ]);
  });

  it('writes the audit row in the write’s transaction: a failing audit write undoes the change', async () => {
    const { db } = server.database;
    await db.execute(sql`
      create function audit_test_refuse() returns trigger language plpgsql as $$
      begin
        if new.changes::text like '%AUD-REFUSED%' then
          raise exception 'audit refused for the test';
        end if;
        return new;
      end $$`);
    await db.execute(sql`
      create trigger audit_test_refuse before insert on audit_log
      for each row execute function audit_test_refuse()`);
    try {
      const created = await server.request('/customers/', {
        method: 'POST',
        token: admin,
        body: { customer_no: 'AUD-REFUSED', type: 'person', first_name: 'A', last_name: 'B' },
      });
      expect(created.status).toBe(500);
      const customer = await createCustomer();
      const updated = await server.request(`/customers/${customer.id}/`, {
        method: 'PATCH',
        token: admin,
        body: { first_name: 'AUD-REFUSED' },
      });
      expect(updated.status).toBe(500);
      const search = await server.request('/customers/?search=AUD-REFUSED', { token: admin });
      expect(search.body.count).toBe(0);
      const stored = await server.request(`/customers/${customer.id}/`, { token: admin });
      expect(stored.body.first_name).toBe('Jana');
    } finally {
      await db.execute(sql`drop trigger audit_test_refuse on audit_log`);
      await db.execute(sql`drop function audit_test_refuse()`);
    }
  });

  it('records that a password changed, never the hash', async () => {
    const created = await server.request('/users/', {
      method: 'POST',
      token: admin,
      body: { email: 'audited@joule.test', password: 'first-Password-123' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const changed = await server.request(`/users/${id}/`, {
      method: 'PATCH',
      token: admin,
      body: { password: 'second-Password-456' },
    });
    expect(changed.status).toBe(200);
    const rows = await auditRows('users', id);
    expect(rows.map((row) => row.action)).toEqual(['create', 'update']);
    expect(rows[0]!.changes).toMatchObject({
      email: [null, 'audited@joule.test'],
      password: [null, '***'],
    });
    expect(rows[1]!.changes).toEqual({ password: ['***', '***'] });
    const [user] = await server.database.db
      .execute(sql`select password_hash from users where id = ${id}`)
      .then((result) => (result as unknown as { rows: { password_hash: string }[] }).rows);
    const text = JSON.stringify(rows.map((row) => row.changes));
    expect(text).not.toContain(user!.password_hash);
    expect(text).not.toContain('Password-');
    expect(text).not.toMatch(/scrypt|\$/);
  });
});

describe('audit rows of the bulk import', () => {
  it('records one create per stored reading, none for unchanged or refused ones', async () => {
    const device = await server.request('/tariffdevices/', {
      method: 'POST',
      token: admin,
      body: { serial_number: 'AUD-BULK-1', name: 'Elektroměr auditu' },
    });
    expect(device.status).toBe(201);
    const at = (day: number) => new Date(Date.UTC(2025, 0, 1 + day)).toISOString();
    const reading = (day: number, value: number) => ({
      tariff_device: device.body.id,
      timestamp_received: at(day),
      obis_181: value.toFixed(3),
      obis_182: '0.000',
      obis_280: '0.000',
    });
    const count = await auditCount();
    const first = await server.request('/measurements/bulk/', {
      method: 'POST',
      token: admin,
      body: [reading(0, 10), reading(1, 20), reading(2, 5)],
    });
    expect(first.body).toMatchObject({ created: 2, failed: 1 });
    const again = await server.request('/measurements/bulk/', {
      method: 'POST',
      token: admin,
      body: [reading(0, 10), reading(1, 20)],
    });
    expect(again.body).toMatchObject({ created: 0, unchanged: 2 });
    expect(await auditCount()).toBe(count + 2);

    const list = await server.request(
      `/measurements/?filter=tariff_device=${device.body.id}&sort=timestamp_received`,
      { token: admin },
    );
    const [stored] = list.body.results as { id: number; timestamp_received: string }[];
    const rows = await auditRows('measurements', stored!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'create', userId: adminId });
    expect(rows[0]!.changes).toMatchObject({
      tariff_device: [null, device.body.id],
      timestamp_received: [null, stored!.timestamp_received],
      obis_181: [null, '10.000'],
    });
  });
});

describe('GET /<resource>/{id}/history/', () => {
  it('lists a row’s changes newest first with DRF page-number pagination', async () => {
    const customer = await createCustomer();
    for (let i = 1; i <= 3; i += 1) {
      const response = await server.request(`/customers/${customer.id}/`, {
        method: 'PATCH',
        token: admin,
        body: { phone: `60000000${i}` },
      });
      expect(response.status).toBe(200);
    }
    const page = await server.request(`/customers/${customer.id}/history/?page_size=2`, {
      token: admin,
    });
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(4);
    expect(page.body.previous).toBeNull();
    expect(page.body.next).toMatch(/\/customers\/\d+\/history\/\?page=2&page_size=2$/);
    expect(page.body.results).toEqual([
      {
        id: expect.any(Number),
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        action: 'update',
        user: { id: adminId, email: DEMO_USERS.admin },
        changes: { phone: ['600000002', '600000003'] },
        resource: 'customers',
        row_id: customer.id,
        title: 'Jana Dvořáková',
      },
      expect.objectContaining({ changes: { phone: ['600000001', '600000002'] } }),
    ]);
    expect(page.body.results[0].id).toBeGreaterThan(page.body.results[1].id);
    const second = await server.request(page.body.next, { token: admin });
    expect(second.body.results.map((entry: { action: string }) => entry.action)).toEqual([
      'update',
      'create',
    ]);
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toMatch(/\/history\/\?page_size=2$/);
    const beyond = await server.request(`/customers/${customer.id}/history/?page=9`, {
      token: admin,
    });
    expect(beyond.status).toBe(404);
    // Default page size 25.
    const all = await server.request(`/customers/${customer.id}/history/`, { token: admin });
    expect(all.body.results).toHaveLength(4);
  });

  it('includes the changes of the row’s children, deleted ones too, as far as the user may read them', async () => {
    const customer = await createCustomer();
    const address = async (street: string) => {
      const response = await server.request('/addresses/', {
        method: 'POST',
        token: admin,
        body: {
          customer: customer.id,
          type: 'permanent',
          street,
          city: 'Praha',
          zip_code: '110 00',
        },
      });
      expect(response.status).toBe(201);
      return response.body.id as number;
    };
    const kept = await address('Dlouhá 5');
    const gone = await address('Krátká 1');
    const patched = await server.request(`/addresses/${kept}/`, {
      method: 'PATCH',
      token: admin,
      body: { city: 'Brno' },
    });
    expect(patched.status).toBe(200);
    expect(
      (await server.request(`/addresses/${gone}/`, { method: 'DELETE', token: admin })).status,
    ).toBe(204);
    // Another customer's address is not part of this history.
    const other = await createCustomer();
    await server.request('/addresses/', {
      method: 'POST',
      token: admin,
      body: {
        customer: other.id,
        type: 'permanent',
        street: 'Jiná 2',
        city: 'Praha',
        zip_code: '110 00',
      },
    });

    // A contract (another privilege) recorded as created for this customer and since deleted.
    await server.database.db.insert(auditLog).values({
      resource: 'contracts',
      rowId: 999_999,
      action: 'delete',
      changes: { customer: [customer.id, null] },
    });

    const history = await server.request(`/customers/${customer.id}/history/`, { token: admin });
    expect(history.status).toBe(200);
    const summary = history.body.results.map(
      (entry: { resource: string; row_id: number; action: string; title: string | null }) => [
        entry.resource,
        entry.row_id,
        entry.action,
        entry.title,
      ],
    );
    expect(summary).toEqual([
      ['contracts', 999_999, 'delete', null],
      ['addresses', gone, 'delete', null],
      ['addresses', kept, 'update', 'Dlouhá 5 Brno'],
      ['addresses', gone, 'create', null],
      ['addresses', kept, 'create', 'Dlouhá 5 Brno'],
      ['customers', customer.id, 'create', 'Jana Dvořáková'],
    ]);
    // Without a child resource's privilege (contracts), none of its rows.
    const ownOnly = await server.loginWithPrivileges(['CUSTOMERS']);
    const limited = await server.request(`/customers/${customer.id}/history/`, { token: ownOnly });
    expect(limited.body.results.map((entry: { resource: string }) => entry.resource)).toEqual([
      'addresses',
      'addresses',
      'addresses',
      'addresses',
      'customers',
    ]);
  });

  it('answers a deleted row’s history, an empty one for an unaudited row, 404 for none', async () => {
    const customer = await createCustomer();
    await server.request(`/customers/${customer.id}/`, { method: 'DELETE', token: admin });
    const gone = await server.request(`/customers/${customer.id}/history/`, { token: admin });
    expect(gone.status).toBe(200);
    expect(gone.body.results.map((entry: { action: string }) => entry.action)).toEqual([
      'delete',
      'create',
    ]);
    // A seeded customer existed before the log: an empty history, not a 404.
    const seeded = await server.request('/customers/?page_size=1&sort=id', { token: admin });
    const first = seeded.body.results[0].id as number;
    const empty = await server.request(`/customers/${first}/history/`, { token: admin });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    for (const id of ['999999', 'abc', '0']) {
      const missing = await server.request(`/customers/${id}/history/`, { token: admin });
      expect(missing.status, id).toBe(404);
    }
    expect((await server.request('/nothing/1/history/', { token: admin })).status).toBe(404);
  });

  it('needs the resource’s privilege: 401 without a token, 403 without the privilege', async () => {
    const customer = await createCustomer();
    const path = `/customers/${customer.id}/history/`;
    expect((await server.request(path)).status).toBe(401);
    const noCustomers = await server.loginWithPrivileges(['CONTRACTS']);
    const forbidden = await server.request(path, { token: noCustomers });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toHaveProperty('detail');
    const clerk = await server.login(DEMO_USERS.clerk);
    expect((await server.request(path, { token: clerk })).status).toBe(200);
    const users = await server.request(`/users/${adminId}/history/`, { token: clerk });
    expect(users.status).toBe(403);
  });

  it('is published in the OpenAPI document for every resource', async () => {
    const document = (await server.request('/schema/')).body;
    const resources = Object.keys(document.paths)
      .map((path) => /^\/api\/v1\/([a-z_]+)\/$/.exec(path)?.[1])
      .filter((name): name is string => name !== undefined && name !== 'schema');
    expect(resources).toContain('customers');
    for (const name of ['customers', 'users', 'measurements']) {
      const operation = document.paths[`/api/v1/${name}/{id}/history/`]?.get;
      expect(operation, name).toMatchObject({
        operationId: `${name}_history`,
        'x-privilege': expect.any(String),
      });
      expect(operation['x-privilege']).toBe(document.paths[`/api/v1/${name}/`].get['x-privilege']);
    }
    expect(document.components.schemas.PaginatedAuditEntryList).toBeDefined();
  });
});

describe('GET /audit/', () => {
  it('lists every change newest first, filtered by user, resource, row and time', async () => {
    const customer = await createCustomer();
    const patched = await server.request(`/customers/${customer.id}/`, {
      method: 'PATCH',
      token: admin,
      body: { phone: '600111222' },
    });
    expect(patched.status).toBe(200);
    const all = await server.request('/audit/?page_size=1', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.count).toBeGreaterThanOrEqual(2);
    expect(all.body.next).toMatch(/\/audit\/\?page=2&page_size=1$/);
    expect(all.body.results[0]).toMatchObject({
      action: 'update',
      resource: 'customers',
      row_id: customer.id,
      title: 'Jana Dvořáková',
      user: { id: adminId, email: DEMO_USERS.admin },
    });
    expect(Object.keys(all.body.results[0].changes)).toEqual(['phone']);

    const row = await server.request(`/audit/?resource=customers&row_id=${customer.id}`, {
      token: admin,
    });
    expect(row.body.results.map((entry: { action: string }) => entry.action)).toEqual([
      'update',
      'create',
    ]);
    const created = await server.request(
      `/audit/?action=create&resource=customers&row_id=${customer.id}`,
      { token: admin },
    );
    expect(created.body.results.map((entry: { action: string }) => entry.action)).toEqual([
      'create',
    ]);
    const byUser = await server.request(`/audit/?user=${adminId}&resource=customers`, {
      token: admin,
    });
    expect(byUser.body.count).toBeGreaterThanOrEqual(2);
    const nobody = await server.request('/audit/?user=999999', { token: admin });
    expect(nobody.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    const at = row.body.results[0].at as string;
    const after = await server.request(
      `/audit/?resource=customers&row_id=${customer.id}&from=${encodeURIComponent(at)}`,
      { token: admin },
    );
    expect(after.body.results.map((entry: { action: string }) => entry.action)).toEqual(['update']);
    const before = await server.request(
      `/audit/?resource=customers&row_id=${customer.id}&to=${encodeURIComponent(at)}`,
      { token: admin },
    );
    expect(before.body.results.map((entry: { action: string }) => entry.action)).toEqual([
      'create',
    ]);
    const bad = await server.request(
      '/audit/?user=x&action=erase&resource=nothing&from=yesterday',
      { token: admin },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['action', 'from', 'resource', 'user']);
  });

  it('needs the AUDIT privilege (or a superuser): 401, 403, 200', async () => {
    expect((await server.request('/audit/')).status).toBe(401);
    const clerk = await server.login(DEMO_USERS.clerk);
    expect((await server.request('/audit/', { token: clerk })).status).toBe(403);
    const auditor = await server.loginWithPrivileges(['AUDIT']);
    expect((await server.request('/audit/', { token: auditor })).status).toBe(200);
    const document = (await server.request('/schema/')).body;
    expect(document.paths['/api/v1/audit/'].get).toMatchObject({
      operationId: 'audit_list',
      'x-privilege': 'AUDIT',
    });
  });
});

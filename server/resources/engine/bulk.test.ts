import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed';
import { signedInServerForFile } from '../../test-support/server';
import { MAX_BULK_ROWS } from './bulk';

const ctx = signedInServerForFile();

let made = 0;
/** Creates a company customer named `name` as the admin; returns its id. */
async function customer(name: string): Promise<number> {
  made += 1;
  const response = await ctx.server.request<{ id: number }>('/customers/', {
    method: 'POST',
    token: ctx.admin,
    body: { customer_no: `BULK-${made}`, type: 'company', company_name: name, crn: '27082440' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id;
}

/** Gives customer `id` a contract, so that it may not be deleted. */
async function contractOf(id: number): Promise<void> {
  made += 1;
  const response = await ctx.server.request('/contracts/', {
    method: 'POST',
    token: ctx.admin,
    body: { customer: id, contract_no: `BULK-K-${made}`, valid_from: '2025-01-01' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

function bulk(resource: string, action: string, body: unknown, token = ctx.admin, lang = 'en') {
  return ctx.server.request(`/${resource}/bulk/${action}/`, {
    method: 'POST',
    token,
    body,
    lang,
  });
}

async function history(resource: string, id: number) {
  const response = await ctx.server.request(`/${resource}/${id}/history/`, { token: ctx.admin });
  return response.body.results as { action: string; user: { email: string } | null }[];
}

describe('bulk delete', () => {
  it('deletes the rows that may go, names the one that may not, and audits each', async () => {
    const a = await customer('Bulk Alpha s.r.o.');
    const b = await customer('Bulk Beta s.r.o.');
    const kept = await customer('Bulk Kept s.r.o.');
    await contractOf(kept);
    const answer = await bulk('customers', 'delete', { ids: [a, kept, b] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      action: 'delete',
      count: 3,
      succeeded: [a, b],
      failed: [{ id: kept, title: 'Bulk Kept s.r.o., IČO 27082440', reason: expect.any(String) }],
    });
    expect(answer.body.failed[0].reason).toMatch(/contract/i);
    for (const id of [a, b]) {
      expect((await ctx.server.request(`/customers/${id}/`, { token: ctx.admin })).status).toBe(
        404,
      );
      const [entry] = await history('customers', id);
      expect(entry).toMatchObject({ action: 'delete', user: { email: DEMO_USERS.admin } });
    }
    expect((await ctx.server.request(`/customers/${kept}/`, { token: ctx.admin })).status).toBe(
      200,
    );
  });

  it('answers the reasons in the language asked for, and an unknown id as not found', async () => {
    const kept = await customer('Bulk Czech s.r.o.');
    await contractOf(kept);
    const answer = await bulk(
      'customers',
      'delete',
      { ids: [kept, 2_000_000_000] },
      ctx.admin,
      'cs',
    );
    expect(answer.body.succeeded).toEqual([]);
    expect(answer.body.failed).toEqual([
      { id: kept, title: 'Bulk Czech s.r.o., IČO 27082440', reason: expect.any(String) },
      { id: 2_000_000_000, title: null, reason: 'Nenalezeno.' },
    ]);
    expect(answer.body.failed[0].reason).not.toBe(
      (await bulk('customers', 'delete', { ids: [kept] })).body.failed[0].reason,
    );
  });

  it('acts on every row the list query matches (the filter form), not on a page of it', async () => {
    const word = `Filterbulk${Date.now()}`;
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await customer(`${word} ${i} s.r.o.`));
    const answer = await bulk('customers', 'delete', {
      filter: { search: word, page: '2', page_size: '1', filter: 'type=company' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(3);
    expect([...answer.body.succeeded].sort()).toEqual([...ids].sort());
    const left = await ctx.server.request(`/customers/?search=${word}`, { token: ctx.admin });
    expect(left.body.count).toBe(0);
  });

  it('refuses a malformed body and a bad list query with 400s', async () => {
    expect((await bulk('customers', 'delete', {})).status).toBe(400);
    expect((await bulk('customers', 'delete', { ids: [1], filter: {} })).status).toBe(400);
    const bad = await bulk('customers', 'delete', { ids: [1, 'x', -2] });
    expect(bad.status).toBe(400);
    expect(bad.body.ids).toHaveLength(2);
    const unknown = await bulk('customers', 'delete', { filter: { sort: 'nope' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.filter[0]).toMatch(/nope/);
    expect((await bulk('customers', 'delete', { filter: { search: 5 } })).status).toBe(400);
  });

  it(`refuses more than ${MAX_BULK_ROWS} rows`, async () => {
    const ids = Array.from({ length: MAX_BULK_ROWS + 1 }, (_, i) => i + 1);
    const answer = await bulk('customers', 'delete', { ids });
    expect(answer.status).toBe(400);
    expect(answer.body.ids[0]).toMatch(/10,000/);
  });

  it('needs the resource privilege', async () => {
    const id = await customer('Bulk Guarded s.r.o.');
    const reports = await ctx.server.loginWithPrivileges(['REPORTS']);
    expect((await bulk('customers', 'delete', { ids: [id] }, reports)).status).toBe(403);
    expect(
      (await ctx.server.request('/customers/bulk/delete/', { method: 'POST', body: { ids: [id] } }))
        .status,
    ).toBe(401);
    expect((await ctx.server.request(`/customers/${id}/`, { token: ctx.admin })).status).toBe(200);
  });
});

describe('declared bulk actions', () => {
  it('deactivates users through the rules of a single PATCH: a mixed result', async () => {
    const usersOnly = await ctx.server.loginWithPrivileges(['USERS']);
    const created = [];
    for (const email of ['bulk-a@joule.test', 'bulk-b@joule.test']) {
      const response = await ctx.server.request('/users/', {
        method: 'POST',
        token: ctx.admin,
        body: { email, password: 'correct horse battery 1', roles: [] },
      });
      expect(response.status).toBe(201);
      created.push(response.body.id as number);
    }
    const admins = await ctx.server.request(`/users/?search=${DEMO_USERS.admin}`, {
      token: ctx.admin,
    });
    const adminId = admins.body.results[0].id as number;
    // A USERS holder may not manage a superuser: that row is refused with the PATCH's reason.
    const answer = await bulk('users', 'deactivate', { ids: [...created, adminId] }, usersOnly);
    expect(answer.status).toBe(200);
    expect(answer.body.succeeded).toEqual(created);
    expect(answer.body.failed).toEqual([
      { id: adminId, title: DEMO_USERS.admin, reason: expect.stringMatching(/superuser/i) },
    ]);
    for (const id of created) {
      const user = await ctx.server.request(`/users/${id}/`, { token: ctx.admin });
      expect(user.body.is_active).toBe(false);
      const [entry] = await history('users', id);
      expect(entry).toMatchObject({ action: 'update', changes: { is_active: [true, false] } });
    }
  });

  it('deactivates every user the filter matches but the caller', async () => {
    const admins = await ctx.server.request(`/users/?search=${DEMO_USERS.admin}`, {
      token: ctx.admin,
    });
    const adminId = admins.body.results[0].id as number;
    const answer = await bulk('users', 'deactivate', { filter: { search: DEMO_USERS.admin } });
    expect(answer.body).toEqual({
      action: 'deactivate',
      count: 1,
      succeeded: [],
      failed: [
        { id: adminId, title: DEMO_USERS.admin, reason: 'You cannot deactivate your own account.' },
      ],
    });
  });

  it('publishes the actions in OpenAPI and OPTIONS', async () => {
    const schema = await ctx.server.request('/schema/');
    const list = schema.body.paths['/api/v1/users/'].get;
    expect(list['x-bulk-actions']).toEqual([{ name: 'deactivate', label: 'Deactivate' }]);
    expect(schema.body.paths['/api/v1/users/bulk/deactivate/'].post.operationId).toBe(
      'users_bulk_deactivate',
    );
    expect(schema.body.paths['/api/v1/customers/bulk/delete/'].post['x-privilege']).toBe(
      'CUSTOMERS',
    );
    const options = await ctx.server.request('/users/', {
      method: 'OPTIONS',
      token: ctx.admin,
      lang: 'cs',
    });
    expect(options.body['x-bulk-actions']).toEqual([{ name: 'deactivate', label: 'Deaktivovat' }]);
    expect((await bulk('customers', 'deactivate', { ids: [1] })).status).toBe(404);
  });
});

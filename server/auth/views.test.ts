import { describe, expect, it } from 'vitest';
import { signedInServerForFile } from '../test-support/server';
import { MAX_VIEWS } from './views';

const ctx = signedInServerForFile();

const overdue = {
  resource: 'customers',
  name: 'Overdue Prague companies',
  query: 'search=Praha&filter=type%3Dcompany&sort=-customer_no&page_size=50',
  columns: { order: ['customer_no', 'company_name'], hidden: ['phone'] },
};

function views(token: string, path = '', init: { method?: string; body?: unknown } = {}) {
  return ctx.server.request(`/auth/me/views/${path}`, { token, ...init });
}

describe('saved views', () => {
  it('saves, lists, reads, renames and deletes the owner’s view', async () => {
    const created = await views(ctx.clerk, '', { method: 'POST', body: overdue });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), ...overdue, roles: [], mine: true });
    const id = created.body.id as number;
    const listed = await views(ctx.clerk, '?resource=customers');
    expect(listed.body).toContainEqual(created.body);
    expect((await views(ctx.clerk, '?resource=contracts')).body).toEqual([]);
    expect((await views(ctx.clerk, `${id}/`)).body).toEqual(created.body);
    const renamed = await views(ctx.clerk, `${id}/`, { method: 'PATCH', body: { name: ' Mine ' } });
    expect(renamed.body).toMatchObject({ name: 'Mine', query: overdue.query });
    // Another user neither sees nor changes it.
    expect((await views(ctx.admin, `${id}/`)).status).toBe(404);
    expect((await views(ctx.admin, `${id}/`, { method: 'DELETE' })).status).toBe(404);
    expect((await views(ctx.clerk, `${id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await views(ctx.clerk, `${id}/`)).status).toBe(404);
  });

  it('is shared with roles by a superuser only; the role’s users see it, read-only', async () => {
    const roles = await ctx.server.request('/roles/?search=Clerk', { token: ctx.admin });
    const clerkRole = roles.body.results[0].id as number;
    const refused = await views(ctx.clerk, '', {
      method: 'POST',
      body: { ...overdue, roles: [clerkRole] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.roles).toEqual(['Only a superuser can share a view with roles.']);
    const shared = await views(ctx.admin, '', {
      method: 'POST',
      body: { ...overdue, name: 'Shared', roles: [clerkRole] },
    });
    expect(shared.status).toBe(201);
    const seen = (await views(ctx.clerk, '?resource=customers')).body as { id: number }[];
    expect(seen).toContainEqual({ ...shared.body, mine: false });
    const id = shared.body.id as number;
    expect(
      (await views(ctx.clerk, `${id}/`, { method: 'PATCH', body: { name: 'x' } })).status,
    ).toBe(404);
    expect(
      (await views(ctx.admin, '', { method: 'POST', body: { ...overdue, roles: [999999] } })).body,
    ).toEqual({ roles: ['Role 999999 does not exist.'] });
  });

  it('refuses malformed views and more than the bound', async () => {
    const bad = await views(ctx.clerk, '', {
      method: 'POST',
      body: { resource: '../x', name: '', query: 'x'.repeat(2001), columns: { order: 1 }, x: 1 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['columns', 'name', 'query', 'resource', 'x']);
    const token = await ctx.server.loginWithPrivileges([]);
    for (let i = 0; i < MAX_VIEWS; i++) {
      const made = await views(token, '', { method: 'POST', body: { ...overdue, name: `V${i}` } });
      expect(made.status).toBe(201);
    }
    const over = await views(token, '', { method: 'POST', body: overdue });
    expect(over.status).toBe(400);
    expect(over.body.non_field_errors[0]).toMatch(/at most 100/);
    expect((await ctx.server.request('/auth/me/views/')).status).toBe(401);
  });
});

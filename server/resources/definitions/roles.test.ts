import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test-support/server';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
});
afterAll(() => server.close());

describe('roles', () => {
  it('keeps privileges distinct and in catalogue order', async () => {
    const response = await server.request('/roles/', {
      method: 'POST',
      token: admin,
      body: { name: 'Auditor', privileges: ['REPORTS', 'CUSTOMERS', 'REPORTS'] },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      name: 'Auditor',
      privileges: ['CUSTOMERS', 'REPORTS'],
      requires_two_factor: false,
    });
  });

  it.each([
    [{ name: 'X', privileges: ['FLYING'] }, { privileges: ['"FLYING" is not a valid choice.'] }],
    [
      { name: 'X', privileges: 'USERS' },
      { privileges: ['Expected a list of items but got type "str".'] },
    ],
    [{ name: '   ' }, { name: ['This field may not be blank.'] }],
    [{ name: 'x'.repeat(101) }, { name: ['Ensure this field has no more than 100 characters.'] }],
    [{ name: 'Clerk' }, { name: ['Role with this name already exists.'] }],
  ])('POST %j → 400 %j', async (body, errors) => {
    const response = await server.request('/roles/', { method: 'POST', token: admin, body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errors);
  });

  it('refuses to delete a role still assigned, naming the users, and keeps it', async () => {
    const response = await server.request('/roles/2/', { method: 'DELETE', token: admin });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail: `Cannot delete role "Clerk" because it is referenced by users: ${DEMO_USERS.clerk}.`,
    });
    const czech = await server.request('/roles/2/', { method: 'DELETE', token: admin, lang: 'cs' });
    expect(czech.body.detail).toBe(
      `Záznam „Clerk“ (role) nelze smazat, protože na něj odkazují: uživatelé: ${DEMO_USERS.clerk}.`,
    );
    expect((await server.request('/roles/2/', { token: admin })).status).toBe(200);
  });

  it('deletes a role nobody uses', async () => {
    const created = await server.request('/roles/', {
      method: 'POST',
      token: admin,
      body: { name: 'Temp' },
    });
    expect(created.body.privileges).toEqual([]);
    const response = await server.request(`/roles/${created.body.id}/`, {
      method: 'DELETE',
      token: admin,
    });
    expect(response.status).toBe(204);
  });

  it('answers 412 to a PATCH or DELETE with a stale If-Match and changes nothing', async () => {
    const created = await server.request('/roles/', {
      method: 'POST',
      token: admin,
      body: { name: 'Versioned' },
    });
    const path = `/roles/${created.body.id}/`;
    const first = await server.request(path, { token: admin });
    const etag = first.headers.get('etag')!;

    const update = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { name: 'Versioned 2' },
      headers: { 'if-match': etag },
    });
    expect(update.status).toBe(200);
    expect(update.headers.get('etag')).not.toBe(etag);

    const stale = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { name: 'Lost update' },
      headers: { 'if-match': etag },
    });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({
      detail:
        'The record was changed by someone else since you loaded it. Reload it and try again.',
    });
    const staleDelete = await server.request(path, {
      method: 'DELETE',
      token: admin,
      headers: { 'if-match': etag },
    });
    expect(staleDelete.status).toBe(412);
    expect((await server.request(path, { token: admin })).body.name).toBe('Versioned 2');
  });

  it('replaces a role with PUT, which needs the required fields', async () => {
    const missing = await server.request('/roles/1/', { method: 'PUT', token: admin, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ name: ['This field is required.'] });
  });
});

describe('roles: nobody grants what they do not hold (server/auth/grants.ts)', () => {
  const ADMINISTRATOR = 1; // the seeded superuser role
  let editor: string; // holds ROLES only
  let ownRole: number;

  beforeAll(async () => {
    editor = await server.loginWithPrivileges(['ROLES']);
    const me = await server.request('/auth/me/', { token: editor });
    ownRole = (await server.request(`/users/${me.body.id}/`, { token: admin })).body.roles[0];
  });

  const refused = (response: { status: number; body: unknown }, detail: string) => {
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail });
  };

  it('cannot add superuser, or any privilege it lacks, to its own role', async () => {
    for (const [method, body, lacking] of [
      ['PATCH', { privileges: ['ROLES', 'superuser'] }, 'Superuser'],
      ['PATCH', { privileges: ['ROLES', 'USERS', 'SETTINGS'] }, 'Users, Settings'],
      ['PUT', { name: 'Mine', privileges: ['superuser'] }, 'Superuser'],
    ] as const) {
      const response = await server.request(`/roles/${ownRole}/`, { method, token: editor, body });
      refused(response, `You cannot grant privileges you do not hold: ${lacking}.`);
    }
    const me = await server.request('/auth/me/', { token: editor });
    expect(me.body.privileges).toEqual(['ROLES']);
  });

  it('cannot widen any other role, nor create a role granting more', async () => {
    const made = await server.request('/roles/', {
      method: 'POST',
      token: admin,
      body: { name: 'Empty for widening', privileges: [] },
    });
    const widened = await server.request(`/roles/${made.body.id}/`, {
      method: 'PATCH',
      token: editor,
      lang: 'cs',
      body: { privileges: ['CUSTOMERS'] },
    });
    refused(widened, 'Nemůžete udělit oprávnění, která sami nemáte: Zákazníci.');
    const created = await server.request('/roles/', {
      method: 'POST',
      token: editor,
      body: { name: 'Escalation', privileges: ['superuser'] },
    });
    refused(created, 'You cannot grant privileges you do not hold: Superuser.');
    const list = await server.request('/roles/?filter=name=Escalation', { token: admin });
    expect(list.body.count).toBe(0);
  });

  it('cannot rename, narrow or delete a role granting more than it holds', async () => {
    for (const [method, body] of [
      ['PATCH', { name: 'Guest' }],
      ['PATCH', { privileges: [] }],
      ['DELETE', undefined],
    ] as const) {
      const response = await server.request(`/roles/${ADMINISTRATOR}/`, {
        method,
        token: editor,
        body,
      });
      refused(
        response,
        'You cannot change or delete a role that grants privileges you do not hold.',
      );
    }
    const stored = await server.request(`/roles/${ADMINISTRATOR}/`, { token: admin });
    expect(stored.body).toMatchObject({ name: 'Administrator', privileges: ['superuser'] });
  });

  it('creates, changes and deletes roles within its own privileges', async () => {
    const created = await server.request('/roles/', {
      method: 'POST',
      token: editor,
      body: { name: 'Role keepers', privileges: ['ROLES'] },
    });
    expect(created.status).toBe(201);
    const path = `/roles/${created.body.id}/`;
    const narrowed = await server.request(path, {
      method: 'PATCH',
      token: editor,
      body: { privileges: [] },
    });
    expect(narrowed.status).toBe(200);
    expect((await server.request(path, { method: 'DELETE', token: editor })).status).toBe(204);
  });

  it('lets a superuser grant anything', async () => {
    const created = await server.request('/roles/', {
      method: 'POST',
      token: admin,
      body: { name: 'Second administrators', privileges: ['superuser', 'USERS'] },
    });
    expect(created.status).toBe(201);
    const path = `/roles/${created.body.id}/`;
    expect(
      (await server.request(path, { method: 'PATCH', token: admin, body: { privileges: [] } }))
        .status,
    ).toBe(200);
    expect((await server.request(path, { method: 'DELETE', token: admin })).status).toBe(204);
  });

  it('names the users holding a role only to a caller who may read users', async () => {
    const made = await server.request('/roles/', {
      method: 'POST',
      token: admin,
      body: { name: 'Held', privileges: [] },
    });
    const held = made.body.id;
    for (const email of ['holder-1@joule.test', 'holder-2@joule.test']) {
      const user = await server.request('/users/', {
        method: 'POST',
        token: admin,
        body: { email, roles: [held] },
      });
      expect(user.status).toBe(201);
    }
    const hidden = await server.request(`/roles/${held}/`, { method: 'DELETE', token: editor });
    expect(hidden.status).toBe(400);
    expect(hidden.body).toEqual({
      detail: 'Cannot delete role "Held" because it is referenced by users (number of records: 2).',
    });
    expect(JSON.stringify(hidden.body)).not.toContain('holder-');
    const czech = await server.request(`/roles/${held}/`, {
      method: 'DELETE',
      token: editor,
      lang: 'cs',
    });
    expect(czech.body.detail).toBe(
      'Záznam „Held“ (role) nelze smazat, protože na něj odkazují: uživatelé (počet záznamů: 2).',
    );
    const named = await server.request(`/roles/${held}/`, { method: 'DELETE', token: admin });
    expect(named.body).toEqual({
      detail:
        'Cannot delete role "Held" because it is referenced by users: holder-1@joule.test, holder-2@joule.test.',
    });
    expect((await server.request(`/roles/${held}/`, { token: admin })).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test/server';

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
    [{ name: 'Clerk' }, { name: ['role with this name already exists.'] }],
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

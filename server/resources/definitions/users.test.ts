import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let admin: string;
let clerk: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  clerk = await server.login(DEMO_USERS.clerk);
});
afterAll(() => server.close());

describe('users CRUD', () => {
  it('creates, reads, updates and deletes a user; the password is never returned', async () => {
    const created = await server.request('/users/', {
      method: 'POST',
      token: admin,
      body: { email: ' New.Person@Joule.test ', password: 'a-good-password', roles: [2, 2, 1] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      email: 'new.person@joule.test',
      is_active: true,
      roles: [1, 2],
    });
    const id = created.body.id;

    const read = await server.request(`/users/${id}/`, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    expect(read.headers.get('etag')).toMatch(/^"[\w-]+"$/);

    const patched = await server.request(`/users/${id}/`, {
      method: 'PATCH',
      token: admin,
      body: { roles: [], is_active: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...created.body, roles: [], is_active: false });

    const deleted = await server.request(`/users/${id}/`, { method: 'DELETE', token: admin });
    expect(deleted.status).toBe(204);
    expect((await server.request(`/users/${id}/`, { token: admin })).status).toBe(404);
  });

  it('lets a new password sign in', async () => {
    const created = await server.request('/users/', {
      method: 'POST',
      token: admin,
      body: { email: 'pw@joule.test' },
    });
    expect(created.status).toBe(201);
    await server.request(`/users/${created.body.id}/`, {
      method: 'PATCH',
      token: admin,
      body: { password: 'fresh-password-1' },
    });
    await expect(server.login('pw@joule.test', 'fresh-password-1')).resolves.toBeTruthy();
  });
});

describe('users validation', () => {
  it.each([
    [{}, { email: ['This field is required.'] }],
    [{ email: 'not-an-address' }, { email: ['Enter a valid email address.'] }],
    [
      { email: `${'x'.repeat(250)}@joule.test` },
      {
        email: ['Ensure this field has no more than 254 characters.'],
      },
    ],
    [{ email: 'a@joule.test', is_active: 'perhaps' }, { is_active: ['Must be a valid boolean.'] }],
    [{ email: 'a@joule.test', is_active: null }, { is_active: ['This field may not be null.'] }],
    [
      { email: 'a@joule.test', roles: 1 },
      { roles: ['Expected a list of items but got type "int".'] },
    ],
    [
      { email: 'a@joule.test', roles: [99] },
      { roles: ['Invalid pk "99" - object does not exist.'] },
    ],
    [
      { email: 'a@joule.test', roles: [true] },
      {
        roles: ['Incorrect type. Expected pk value, received bool.'],
      },
    ],
    [
      { email: 'a@joule.test', password: 'short' },
      {
        password: ['Ensure this field has at least 8 characters.'],
      },
    ],
    [
      { email: 'a@joule.test', password: '1234567890' },
      { password: ['This password is entirely numeric.'] },
    ],
    [
      { email: DEMO_USERS.clerk.toUpperCase() },
      { email: ['user with this email already exists.'] },
    ],
    [[], { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] }],
  ])('POST %j → 400 %j', async (body, errors) => {
    const response = await server.request('/users/', { method: 'POST', token: admin, body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errors);
  });

  it('answers in Czech for Accept-Language: cs', async () => {
    const response = await server.request('/users/', {
      method: 'POST',
      token: admin,
      lang: 'cs',
      body: { email: 'špatně', roles: 'x' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      email: ['Zadejte platnou e-mailovou adresu.'],
      roles: ['Byl očekáván seznam položek, ale byl získán typ "str".'],
    });
  });

  it('reports a duplicate e-mail on PATCH too, but not the row’s own e-mail', async () => {
    const own = await server.request('/users/2/', {
      method: 'PATCH',
      token: admin,
      body: { email: DEMO_USERS.clerk },
    });
    expect(own.status).toBe(200);
    const clash = await server.request('/users/2/', {
      method: 'PATCH',
      token: admin,
      lang: 'cs',
      body: { email: DEMO_USERS.admin },
    });
    expect(clash.status).toBe(400);
    expect(clash.body).toEqual({
      email: ['Položka Uživatel s touto hodnotou v poli E-mail již existuje.'],
    });
  });
});

describe('users permissions', () => {
  it('answers 403 to a user without the USERS privilege, on every method', async () => {
    for (const [method, path] of [
      ['GET', '/users/'],
      ['POST', '/users/'],
      ['GET', '/users/1/'],
      ['PATCH', '/users/1/'],
      ['DELETE', '/users/1/'],
    ] as const) {
      const response = await server.request(path, {
        method,
        token: clerk,
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toEqual({
        detail: 'You do not have permission to perform this action.',
      });
    }
  });

  it('answers 401 without a token', async () => {
    const response = await server.request('/users/');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api"');
  });
});

describe('users list parameters of SPEC §7', () => {
  it('filters by is_active and by privileges granted through roles', async () => {
    const active = await server.request('/users/?is_active=true&hasPrivileges=CUSTOMERS,POINTS', {
      token: admin,
    });
    expect(active.status).toBe(200);
    // The clerk has both; the administrator is a superuser, which grants everything.
    expect(active.body.results.map((user: { email: string }) => user.email)).toEqual([
      DEMO_USERS.admin,
      DEMO_USERS.clerk,
    ]);
    const users = await server.request('/users/?hasPrivileges=USERS', { token: admin });
    expect(users.body.results.map((user: { email: string }) => user.email)).toEqual([
      DEMO_USERS.admin,
    ]);
    const inactive = await server.request(
      '/users/?is_active=false&filter=email=nobody@joule.test',
      {
        token: admin,
      },
    );
    expect(inactive.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('refuses unknown privileges and non-boolean is_active', async () => {
    const response = await server.request('/users/?hasPrivileges=FLYING&is_active=maybe', {
      token: admin,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      is_active: ['Must be a valid boolean.'],
      hasPrivileges: ['"FLYING" is not a valid choice.'],
    });
  });

  it('filters by a role in the roles list', async () => {
    const response = await server.request('/users/?filter=roles=2', { token: admin });
    expect(response.body.results.map((user: { email: string }) => user.email)).toEqual([
      DEMO_USERS.clerk,
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test-support/server';

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
      roles_titles: ['Administrator', 'Clerk'],
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
    expect(patched.body).toEqual({
      ...created.body,
      roles: [],
      roles_titles: [],
      is_active: false,
    });

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
      { email: ['User with this email already exists.'] },
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
      email: ['Uživatel s touto hodnotou pole „E-mail“ již existuje.'],
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

describe('users list parameters of docs/product.md §7', () => {
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

describe('users: nobody grants what they do not hold (server/auth/grants.ts)', () => {
  const ADMINISTRATOR = 1; // the seeded superuser role
  const CLERK = 2;
  let editor: string; // holds USERS only
  let editorId: number;
  let adminId: number;
  let ownRoles: number[];

  /** A role with `privileges`, made by the administrator; returns its id. */
  async function role(name: string, privileges: string[]): Promise<number> {
    const made = await server.request('/roles/', {
      method: 'POST',
      token: admin,
      body: { name, privileges },
    });
    expect(made.status).toBe(201);
    return made.body.id;
  }

  /** A user with `roles`, made by the administrator; returns its id. */
  async function user(email: string, roles: number[]): Promise<number> {
    const made = await server.request('/users/', {
      method: 'POST',
      token: admin,
      body: { email, password: 'its-own-password-1', roles },
    });
    expect(made.status).toBe(201);
    return made.body.id;
  }

  beforeAll(async () => {
    editor = await server.loginWithPrivileges(['USERS']);
    editorId = (await server.request('/auth/me/', { token: editor })).body.id;
    adminId = (await server.request('/auth/me/', { token: admin })).body.id;
    ownRoles = (await server.request(`/users/${editorId}/`, { token: admin })).body.roles;
  });

  const refused = (response: { status: number; body: unknown }, detail: string) => {
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail });
  };

  it('cannot give itself the Administrator role, nor change its roles at all', async () => {
    for (const roles of [[...ownRoles, ADMINISTRATOR], [ADMINISTRATOR], []]) {
      const response = await server.request(`/users/${editorId}/`, {
        method: 'PATCH',
        token: editor,
        body: { roles },
      });
      refused(response, 'You cannot change your own roles.');
    }
    const put = await server.request(`/users/${editorId}/`, {
      method: 'PUT',
      token: editor,
      lang: 'cs',
      body: { email: 'whatever@joule.test', roles: [ADMINISTRATOR] },
    });
    refused(put, 'Své vlastní role měnit nemůžete.');
    const me = await server.request('/auth/me/', { token: editor });
    expect(me.body.privileges).toEqual(['USERS']);
    expect((await server.request(`/users/${editorId}/`, { token: admin })).body.roles).toEqual(
      ownRoles,
    );
  });

  it('may resend its own roles unchanged', async () => {
    const response = await server.request(`/users/${editorId}/`, {
      method: 'PATCH',
      token: editor,
      body: { roles: ownRoles },
    });
    expect(response.status).toBe(200);
  });

  it('cannot set its own password or e-mail here: that needs the current password', async () => {
    const email = (await server.request('/auth/me/', { token: editor })).body.email;
    for (const body of [{ password: 'my-own-new-password-1' }, { email: 'me-moved@joule.test' }]) {
      const response = await server.request(`/users/${editorId}/`, {
        method: 'PATCH',
        token: editor,
        body,
      });
      refused(
        response,
        'Change your own password or e-mail in Settings, with your current password.',
      );
    }
    await expect(server.login(email, 'my-own-new-password-1')).rejects.toThrow();
    expect((await server.request('/auth/me/', { token: editor })).body.email).toBe(email);
  });

  it('cannot assign the Administrator role, or any role granting more, to others', async () => {
    const created = await server.request('/users/', {
      method: 'POST',
      token: editor,
      body: { email: 'would-be-admin@joule.test', roles: [ADMINISTRATOR] },
    });
    refused(
      created,
      'You cannot assign or remove the role "Administrator": it grants privileges you do not hold.',
    );
    const other = await user('plain@joule.test', []);
    for (const roles of [[ADMINISTRATOR], [CLERK]]) {
      const patched = await server.request(`/users/${other}/`, {
        method: 'PATCH',
        token: editor,
        body: { roles },
      });
      expect(patched.status, JSON.stringify(roles)).toBe(403);
    }
    expect((await server.request(`/users/${other}/`, { token: admin })).body.roles).toEqual([]);
    const list = await server.request('/users/?filter=email=would-be-admin@joule.test', {
      token: admin,
    });
    expect(list.body.count).toBe(0);
  });

  it('can create and re-role users with roles within its own privileges', async () => {
    const within = await role('Users helper', ['USERS']);
    const empty = await role('Nothing at all', []);
    const created = await server.request('/users/', {
      method: 'POST',
      token: editor,
      body: { email: 'helper@joule.test', password: 'helper-password-1', roles: [within] },
    });
    expect(created.status).toBe(201);
    expect(created.body.roles).toEqual([within]);
    const patched = await server.request(`/users/${created.body.id}/`, {
      method: 'PATCH',
      token: editor,
      body: { roles: [empty], is_active: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ roles: [empty], is_active: false });
    const deleted = await server.request(`/users/${created.body.id}/`, {
      method: 'DELETE',
      token: editor,
    });
    expect(deleted.status).toBe(204);
  });

  it('cannot set the administrator’s password and sign in as them', async () => {
    const response = await server.request(`/users/${adminId}/`, {
      method: 'PATCH',
      token: editor,
      body: { password: 'hijacked-password-1' },
    });
    refused(response, 'Only a superuser can change or delete a superuser.');
    await expect(server.login(DEMO_USERS.admin, 'hijacked-password-1')).rejects.toThrow();
    await expect(server.login(DEMO_USERS.admin)).resolves.toBeTruthy();
  });

  it('cannot edit or delete a superuser in any way', async () => {
    const superuser = await user('second-admin@joule.test', [ADMINISTRATOR]);
    for (const [method, body] of [
      ['PATCH', { email: 'mine@joule.test' }],
      ['PATCH', { is_active: false }],
      ['PATCH', { roles: [] }],
      ['PUT', { email: 'second-admin@joule.test' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await server.request(`/users/${superuser}/`, {
        method,
        token: editor,
        body,
      });
      refused(response, 'Only a superuser can change or delete a superuser.');
    }
    const czech = await server.request(`/users/${superuser}/`, {
      method: 'DELETE',
      token: editor,
      lang: 'cs',
    });
    refused(czech, 'Superuživatele může měnit nebo smazat jen superuživatel.');
    const stored = await server.request(`/users/${superuser}/`, { token: admin });
    expect(stored.body).toMatchObject({
      email: 'second-admin@joule.test',
      is_active: true,
      roles: [ADMINISTRATOR],
    });
  });

  it('cannot edit or delete a user holding privileges it lacks', async () => {
    const clerk = (
      await server.request(`/users/?filter=email=${DEMO_USERS.clerk}`, { token: admin })
    ).body.results[0].id;
    for (const [method, body] of [
      ['PATCH', { email: 'taken-over@joule.test' }],
      ['PATCH', { roles: [] }],
      ['DELETE', undefined],
    ] as const) {
      const response = await server.request(`/users/${clerk}/`, { method, token: editor, body });
      refused(response, 'You cannot change or delete a user who holds privileges you do not hold.');
    }
  });

  it('cannot set another user’s password, even a weaker one', async () => {
    const weaker = await user('weaker@joule.test', []);
    const response = await server.request(`/users/${weaker}/`, {
      method: 'PATCH',
      token: editor,
      lang: 'cs',
      body: { password: 'taken-over-password-1' },
    });
    refused(response, 'Heslo jiného uživatele může nastavit jen superuživatel.');
    await expect(server.login('weaker@joule.test', 'taken-over-password-1')).rejects.toThrow();
  });

  it('cannot change another user’s e-mail, equal or weaker: no takeover through a reset', async () => {
    const weaker = await user('e-mail-weaker@joule.test', []);
    const equal = await user('e-mail-equal@joule.test', ownRoles);
    const editorEmail = (await server.request('/auth/me/', { token: editor })).body.email;
    for (const [id, email] of [
      [weaker, 'e-mail-weaker@joule.test'],
      [equal, 'e-mail-equal@joule.test'],
    ] as const) {
      // The chain: the editor's own mailbox on the victim, then a reset link to it.
      const response = await server.request(`/users/${id}/`, {
        method: 'PATCH',
        token: editor,
        body: { email: `taken-${id}@joule.test` },
      });
      refused(response, "Only a superuser can change another user's e-mail.");
      expect((await server.request(`/users/${id}/`, { token: admin })).body.email).toBe(email);
    }
    expect(editorEmail).toBeTruthy();
    // Unchanged (a PUT of the whole record) is no change.
    const same = await server.request(`/users/${weaker}/`, {
      method: 'PATCH',
      token: editor,
      body: { email: 'E-mail-Weaker@joule.test' },
    });
    expect(same.status).toBe(200);
  });

  it('lets a superuser do all of it', async () => {
    const other = await user('promoted@joule.test', []);
    const promoted = await server.request(`/users/${other}/`, {
      method: 'PATCH',
      token: admin,
      body: { roles: [ADMINISTRATOR, CLERK], password: 'set-by-admin-1' },
    });
    expect(promoted.status).toBe(200);
    await expect(server.login('promoted@joule.test', 'set-by-admin-1')).resolves.toBeTruthy();
    const demoted = await server.request(`/users/${other}/`, {
      method: 'PATCH',
      token: admin,
      body: { roles: [] },
    });
    expect(demoted.status).toBe(200);
    const editorRoles = await server.request(`/users/${editorId}/`, {
      method: 'PATCH',
      token: admin,
      body: { roles: [...ownRoles, CLERK] },
    });
    expect(editorRoles.status).toBe(200);
    const own = await server.request(`/users/${adminId}/`, {
      method: 'PATCH',
      token: admin,
      body: { roles: [] },
    });
    refused(own, 'You cannot change your own roles.');
  });
});

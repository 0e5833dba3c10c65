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

describe('OPTIONS (DRF SimpleMetadata)', () => {
  it('describes every field under actions.POST for a user who may create', async () => {
    const response = await server.request('/users/', { method: 'OPTIONS', token: admin });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      name: 'Users',
      description: '',
      'x-singular': 'User',
      'x-create': 'New user',
      // The bulk actions the resource declares (docs/api.md "Bulk actions").
      'x-bulk-actions': [{ name: 'deactivate', label: 'Deactivate' }],
      renders: ['application/json'],
      parses: ['application/json'],
      actions: {
        POST: {
          id: { type: 'integer', required: false, read_only: true, label: 'ID' },
          email: {
            type: 'email',
            required: true,
            read_only: false,
            label: 'Email',
            max_length: 254,
          },
          is_active: {
            type: 'boolean',
            required: false,
            read_only: false,
            label: 'Active',
            help_text: 'Inactive users cannot sign in.',
          },
          roles: {
            type: 'list',
            required: false,
            read_only: false,
            label: 'Roles',
            child: { type: 'field', required: true, read_only: false },
          },
          roles_titles: {
            type: 'list',
            required: false,
            read_only: true,
            label: 'Roles',
            child: { type: 'string', required: true, read_only: true },
          },
          password: {
            type: 'string',
            required: false,
            read_only: false,
            label: 'Password',
            min_length: 8,
            max_length: 128,
          },
        },
      },
    });
  });

  it('translates labels and choices for Accept-Language: cs', async () => {
    const response = await server.request('/roles/', {
      method: 'OPTIONS',
      token: admin,
      lang: 'cs',
    });
    expect(response.body.name).toBe('Role');
    const privileges = response.body.actions.POST.privileges;
    expect(privileges).toMatchObject({
      type: 'multiple choice',
      required: false,
      label: 'Oprávnění',
    });
    expect(privileges.choices[0]).toEqual({
      value: 'superuser',
      display_name: 'Superuživatel',
      group: 'administration',
      group_name: 'Správa',
    });
    expect(
      privileges.choices.find((choice: { value: string }) => choice.value === 'FUSES'),
    ).toEqual({
      value: 'FUSES',
      display_name: 'Jističe',
      group: 'prices',
      group_name: 'Ceny a produkty',
    });
    expect(privileges.choices.map((choice: { value: string }) => choice.value)).toContain('OBISES');
  });

  it('names one row and a new row in the request language (x-singular, x-create)', async () => {
    const cs = await server.request('/customers/', { method: 'OPTIONS', token: admin, lang: 'cs' });
    expect(cs.body).toMatchObject({
      name: 'Zákazníci',
      'x-singular': 'Zákazník',
      'x-create': 'Nový zákazník',
    });
    const en = await server.request('/customers/', { method: 'OPTIONS', token: clerk });
    expect(en.body).toMatchObject({ 'x-singular': 'Customer', 'x-create': 'New customer' });
    const schema = await server.request('/schema/', { token: admin });
    const list = schema.body.paths['/api/v1/customers/'].get;
    expect(list).toMatchObject({ 'x-singular': 'Customer', 'x-create': 'New customer' });
  });

  it("names a read-only choice field's choices too (billing run state)", async () => {
    const response = await server.request('/billing-runs/', {
      method: 'OPTIONS',
      token: admin,
      lang: 'cs',
    });
    const state = response.body.actions.POST.state;
    expect(state.read_only).toBe(true);
    expect(state.choices).toContainEqual({ value: 'running', display_name: 'Probíhá' });
  });

  it('leaves actions out for a user without the privilege, and answers PUT on items', async () => {
    const clerkView = await server.request('/users/', { method: 'OPTIONS', token: clerk });
    expect(clerkView.status).toBe(200);
    expect(clerkView.body.actions).toBeUndefined();
    const item = await server.request('/users/1/', { method: 'OPTIONS', token: admin });
    expect(Object.keys(item.body.actions)).toEqual(['PUT']);
  });

  it('needs authentication', async () => {
    expect((await server.request('/users/', { method: 'OPTIONS' })).status).toBe(401);
  });
});

describe('GET /schema/ (OpenAPI)', () => {
  it('is public, deterministic and shaped like drf-spectacular', async () => {
    const first = await fetch(`${server.origin}/api/v1/schema/`);
    expect(first.status).toBe(200);
    const text = await first.text();
    const again = await (
      await fetch(`${server.origin}/api/v1/schema/`, { headers: { 'accept-language': 'cs' } })
    ).text();
    expect(again).toBe(text);
    const schema = JSON.parse(text);
    expect(schema.openapi).toBe('3.0.3');
    expect(schema.components.securitySchemes).toEqual({
      jwtAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
    const names = Object.keys(schema.components.schemas);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(
      expect.arrayContaining([
        'User',
        'PatchedUser',
        'PaginatedUserList',
        'Role',
        'PrivilegesEnum',
        'TokenObtainPair',
        'TokenRefresh',
        'Me',
      ]),
    );
  });

  it('types users and roles with Joule extensions', async () => {
    const schema = (await server.request('/schema/')).body;
    const { User, PatchedUser, Role } = schema.components.schemas;
    expect(User.required).toEqual(['email', 'id', 'roles_titles']);
    expect(User.properties.id).toEqual({ type: 'integer', readOnly: true });
    expect(User.properties.email).toEqual({ type: 'string', format: 'email', maxLength: 254 });
    expect(User.properties.password).toEqual({
      type: 'string',
      maxLength: 128,
      minLength: 8,
      writeOnly: true,
    });
    expect(User.properties.roles).toEqual({
      type: 'array',
      items: { type: 'integer', 'x-reference': 'roles' },
      default: [],
    });
    expect(PatchedUser.required).toBeUndefined();
    expect(Role.properties.privileges).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/PrivilegesEnum' },
      default: [],
    });

    const list = schema.paths['/api/v1/users/'].get;
    expect(list.operationId).toBe('users_list');
    expect(list['x-privilege']).toBe('USERS');
    expect(list['x-search-fields']).toEqual(['email']);
    expect(list['x-sort-fields']).toEqual(['id', 'email', 'is_active']);
    expect(list['x-filter-fields']).toEqual(['email', 'is_active', 'roles']);
    expect(list['x-parent']).toBeUndefined();
    expect(schema.paths['/api/v1/addresses/'].get['x-parent']).toBe('customer');
    // docs/product.md: a definition's default list columns (`listFields`) as `x-list-fields`.
    expect(list['x-list-fields']).toBeUndefined();
    expect(schema.paths['/api/v1/tariffs/'].get['x-list-fields']).toEqual([
      'code',
      'product',
      'valid_from',
      'valid_to',
      'price',
      'trade_monthly_pay',
      'distribution_per_mwh_ht',
    ]);
    expect(list.security).toEqual([{ jwtAuth: [] }]);
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      'direction',
      'filter',
      'gte',
      'hasPrivileges',
      'is_active',
      'lte',
      'page',
      'page_after_id',
      'page_size',
      'search',
      'sort',
    ]);
    expect(list.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/PaginatedUserList',
    });
    const item = schema.paths['/api/v1/users/{id}/'];
    expect(
      Object.fromEntries(
        Object.entries(item).map(([method, op]) => [
          method,
          (op as { operationId: string }).operationId,
        ]),
      ),
    ).toEqual({
      get: 'users_retrieve',
      put: 'users_update',
      patch: 'users_partial_update',
      delete: 'users_destroy',
    });
    expect(item.delete['x-privilege']).toBe('USERS');
    expect(schema.paths['/api/v1/auth/jwt/create/'].post.operationId).toBe(
      'auth_jwt_create_create',
    );
  });
});

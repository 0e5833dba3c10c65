/**
 * What the security suite (access matrix, fuzzing, races) shares: the operations of the
 * OpenAPI document the server publishes, the callers that knock on them (no token, bad
 * tokens of every kind, an inactive user, one user per single privilege, the superuser),
 * the shapes docs/api.md "Errors" allows, and admin snapshots to prove a refused write changed
 * nothing. Everything is derived from the document and the resource definitions, so a new
 * entity is covered without a new test.
 */
import { eq } from 'drizzle-orm';
import { SignJWT, base64url } from 'jose';
import { expect } from 'vitest';
import { PRIVILEGES, SUPERUSER } from '../auth/privileges';
import { buildCamt053, seedBillable } from '../billing';
import { processBatch } from '../billing';
import { billingRunItems } from '../db/schema';
import { buildOpenApiDocument } from '../openapi/document';
import { resources } from '../resources/definitions';
import { ResourceRegistry } from '../resources/engine';
import type { TestResponse, TestServer } from '../test-support/server';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed';

/** The API prefix the document's paths carry. */
export const API_PREFIX = '/api/v1';

/** A JSON Schema object of the document (loosely typed: it is whatever the server wrote). */
export interface JsonSchema {
  readonly type?: string;
  readonly $ref?: string;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly items?: JsonSchema;
  readonly required?: readonly string[];
  readonly enum?: readonly unknown[];
  readonly allOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly anyOf?: readonly JsonSchema[];
  readonly format?: string;
  readonly maxLength?: number;
  readonly minLength?: number;
  readonly maximum?: number;
  readonly minimum?: number;
  readonly maxItems?: number;
  readonly readOnly?: boolean;
  readonly writeOnly?: boolean;
  readonly nullable?: boolean;
  readonly pattern?: string;
  readonly 'x-reference'?: string;
  /** On an embedded title (`x_title`): the reference field it names (docs/api.md "OpenAPI document"). */
  readonly 'x-title-of'?: string;
}

/** The OpenAPI document, as far as the suite reads it. */
export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, OpenApiOperation>>;
  readonly components: { readonly schemas: Record<string, JsonSchema> };
}

/** One operation of the document. */
export interface OpenApiOperation {
  readonly operationId: string;
  readonly security?: readonly unknown[];
  readonly parameters?: readonly { name: string; in: string; schema?: JsonSchema }[];
  readonly requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  readonly 'x-privilege'?: string;
  /** Any one of these privileges allows it (e.g. a title lookup, `engine/titles.ts`). */
  readonly 'x-privileges-any'?: readonly string[];
  readonly 'x-sort-fields'?: readonly string[];
  readonly 'x-search-fields'?: readonly string[];
  readonly 'x-filter-fields'?: readonly string[];
  readonly 'x-range-fields'?: readonly string[];
}

/** An HTTP method the API serves. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** One operation to call: the document's operations plus OPTIONS of every resource path. */
export interface Operation {
  /** e.g. `customers_partial_update`, `customers_options` */
  readonly id: string;
  readonly method: Method;
  /** The document's path without the API prefix, e.g. `/customers/{id}/`. */
  readonly path: string;
  /** The resource that owns the path (its first segment), if it is one. */
  readonly resource?: string;
  /** The privilege that gates it (`x-privilege`); undefined: any signed-in user. */
  readonly privilege?: string;
  /** Or: any one of these privileges allows it (`x-privileges-any`). */
  readonly privilegesAny?: readonly string[];
  /** True when the document says it needs a bearer token. */
  readonly secured: boolean;
  /** Whether the path names one row (`{id}`). */
  readonly item: boolean;
  /** The JSON request body's schema, `$ref`s left in place. */
  readonly bodySchema?: JsonSchema;
  readonly source: OpenApiOperation;
}

/**
 * The OpenAPI document the server publishes (and `schema/openapi.json` holds, kept equal
 * by `npm run test:drift`), built here so that test tables exist at collection time.
 */
export const DOCUMENT = buildOpenApiDocument(
  new ResourceRegistry(resources),
  API_PREFIX,
) as unknown as OpenApiDocument;

/**
 * Every operation of `document`, plus `OPTIONS` on each resource's collection and item
 * path (DRF SimpleMetadata; not in the document). Checks that each resource definition has
 * its five operations there with its privilege, so the matrix cannot silently miss one.
 */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [fullPath, methods] of Object.entries(document.paths)) {
    const path = fullPath.slice(API_PREFIX.length);
    const resource = resources.find((definition) => path.startsWith(`/${definition.name}/`))?.name;
    for (const [method, source] of Object.entries(methods)) {
      if (typeof source !== 'object' || !('operationId' in source)) continue;
      operations.push({
        id: source.operationId,
        method: method.toUpperCase() as Method,
        path,
        resource,
        privilege: source['x-privilege'],
        privilegesAny: source['x-privileges-any'],
        secured: (source.security?.length ?? 0) > 0,
        item: path.includes('{id}'),
        bodySchema: source.requestBody?.content?.['application/json']?.schema,
        source,
      });
    }
  }
  for (const definition of resources) {
    for (const [suffix, item] of [
      ['', false],
      ['{id}/', true],
    ] as const) {
      operations.push({
        id: `${definition.name}_${item ? 'item_' : ''}options`,
        method: 'OPTIONS',
        path: `/${definition.name}/${suffix}`,
        resource: definition.name,
        privilege: definition.privilege,
        secured: true,
        item,
        source: { operationId: `${definition.name}_options` },
      });
    }
    for (const kind of ['list', 'create', 'retrieve', 'partial_update', 'destroy']) {
      const found = operations.find((operation) => operation.id === `${definition.name}_${kind}`);
      if (!found) throw new Error(`the document lacks ${definition.name}_${kind}`);
      if (found.privilege !== definition.privilege) {
        throw new Error(`${found.id}: x-privilege ${found.privilege} ≠ ${definition.privilege}`);
      }
    }
  }
  return operations;
}

/** Who calls: a bearer token (or none) and what the server should make of it. */
export interface Caller {
  /** For test titles, e.g. `privilege CUSTOMERS`, `expired token`. */
  readonly name: string;
  /**
   * What the token amounts to: `anonymous` (no token), `invalid` (a token to refuse with
   * `token_not_valid`), `inactive` (a valid token of a deactivated user), or the
   * privileges of a valid, active user.
   */
  readonly kind: 'anonymous' | 'invalid' | 'inactive' | 'user';
  readonly privileges: readonly string[];
}

/**
 * Every caller, known before any server runs (test tables are built at collection time):
 * no token; bad tokens (expired, forged signature, `alg: none`, a refresh token, garbage);
 * an inactive superuser; a signed-in user with no privilege; one user per single privilege
 * of the catalogue (superuser among them). {@link issueCallers} gives them tokens.
 */
export const CALLERS: readonly Caller[] = [
  { name: 'no token', kind: 'anonymous', privileges: [] },
  { name: 'expired token', kind: 'invalid', privileges: [] },
  { name: 'forged signature', kind: 'invalid', privileges: [] },
  { name: 'alg none token', kind: 'invalid', privileges: [] },
  { name: 'refresh token as access', kind: 'invalid', privileges: [] },
  { name: 'garbage token', kind: 'invalid', privileges: [] },
  { name: 'inactive superuser', kind: 'inactive', privileges: [SUPERUSER] },
  { name: 'no privilege', kind: 'user', privileges: [] },
  ...PRIVILEGES.map(({ value }): Caller => ({
    name: value === SUPERUSER ? 'superuser' : `privilege ${value}`,
    kind: 'user',
    privileges: [value],
  })),
];

/** A token with `claims`, `alg: none` and no signature (RFC 7519 "Unsecured JWT"). */
function unsignedToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => base64url.encode(JSON.stringify(value));
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

/** simplejwt-shaped access claims for `userId`, issued `ageSeconds` ago. */
function accessClaims(userId: number, ageSeconds = 0): Record<string, unknown> {
  const iat = Math.floor(Date.now() / 1000) - ageSeconds;
  return {
    token_type: 'access',
    exp: iat + 300,
    iat,
    jti: crypto.randomUUID().replaceAll('-', ''),
    user_id: userId,
    gen: 0,
  };
}

/** Signs `claims` with HS256 and `secret`. */
function sign(claims: Record<string, unknown>, secret: Uint8Array): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

/** The demo admin's id and access token. */
export async function adminSession(server: TestServer): Promise<{ id: number; token: string }> {
  const token = await server.login(DEMO_USERS.admin);
  const me = await server.request<{ id: number }>('/auth/me/', { token });
  return { id: me.body.id, token };
}

/**
 * The `Authorization` header of every caller of {@link CALLERS} by name (undefined: none),
 * made on `server`: users and roles created by the admin, bad tokens forged for the admin.
 */
export async function issueCallers(server: TestServer): Promise<Map<string, string | undefined>> {
  const admin = await adminSession(server);
  const bearer = (token: string) => `Bearer ${token}`;
  const pair = await server.request<{ refresh: string }>('/auth/jwt/create/', {
    method: 'POST',
    body: { email: DEMO_USERS.admin, password: DEMO_PASSWORD },
  });
  if (pair.status !== 200) throw new Error(`sign-in: ${pair.status}`);
  const wrongSecret = new TextEncoder().encode('not-the-server-secret-0123456789-abcdef');
  const headers = new Map<string, string | undefined>([
    ['no token', undefined],
    ['expired token', bearer(await sign(accessClaims(admin.id, 3600), server.secret))],
    ['forged signature', bearer(await sign(accessClaims(admin.id), wrongSecret))],
    ['alg none token', bearer(unsignedToken(accessClaims(admin.id)))],
    ['refresh token as access', bearer(pair.body.refresh)],
    ['garbage token', 'Bearer abc.def'],
  ]);

  // An inactive user: signed in while active, then deactivated by the admin.
  const inactive = await server.loginWithPrivileges([SUPERUSER]);
  const me = await server.request<{ id: number }>('/auth/me/', { token: inactive });
  const deactivated = await server.request(`/users/${me.body.id}/`, {
    method: 'PATCH',
    token: admin.token,
    body: { is_active: false },
  });
  if (deactivated.status !== 200) throw new Error(`deactivate: ${deactivated.status}`);
  headers.set('inactive superuser', bearer(inactive));

  for (const caller of CALLERS) {
    if (caller.kind !== 'user') continue;
    headers.set(caller.name, bearer(await server.loginWithPrivileges(caller.privileges)));
  }
  return headers;
}

/** True when `caller` may use `operation` (docs/api.md "Privileges"). */
export function allowed(caller: Caller, operation: Operation): boolean {
  if (caller.kind !== 'user') return false;
  const gates = operation.privilegesAny ?? (operation.privilege ? [operation.privilege] : []);
  if (gates.length === 0) return true;
  return (
    caller.privileges.includes(SUPERUSER) ||
    gates.some((privilege) => caller.privileges.includes(privilege))
  );
}

/** Asserts `response` is docs/api.md's 401 for `caller` (no token, a bad one, an inactive user). */
export function expectUnauthorized(response: TestResponse, caller: Caller, what: string): void {
  expect(response.status, what).toBe(401);
  expect(response.headers.get('www-authenticate'), what).toBe('Bearer realm="api"');
  expect(typeof response.body?.detail, what).toBe('string');
  if (caller.kind === 'anonymous') {
    expect(response.body, what).toEqual({
      detail: 'Authentication credentials were not provided.',
    });
  } else if (caller.kind === 'invalid') {
    expect(response.body, what).toMatchObject({
      detail: 'Given token not valid for any token type',
      code: 'token_not_valid',
      messages: expect.any(Array),
    });
  }
}

/** Asserts `response` is docs/api.md's 403. */
export function expectForbiddenAnswer(response: TestResponse, what: string): void {
  expect(response.status, what).toBe(403);
  expect(response.body, what).toEqual({
    detail: 'You do not have permission to perform this action.',
  });
}

/**
 * A problem with `body` as a 4xx answer of docs/api.md "Errors", or undefined when it is one:
 * `{detail: string, ...}`, or an object of field errors whose values are string arrays,
 * nested field-error objects, or arrays of those (a list of nested objects).
 */
export function errorShapeProblem(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return `not an object: ${JSON.stringify(body)?.slice(0, 200)}`;
  }
  const record = body as Record<string, unknown>;
  if ('detail' in record) {
    return typeof record.detail === 'string' ? undefined : 'detail is not a string';
  }
  if (Object.keys(record).length === 0) return 'empty error object';
  return fieldErrorsProblem(record, '');
}

function fieldErrorsProblem(record: Record<string, unknown>, at: string): string | undefined {
  for (const [key, value] of Object.entries(record)) {
    const where = `${at}${key}`;
    if (Array.isArray(value)) {
      if (value.length === 0) return `${where}: empty list`;
      for (const [index, entry] of value.entries()) {
        if (typeof entry === 'string') continue;
        if (typeof entry === 'object' && entry !== null && !Array.isArray(entry)) {
          const problem = fieldErrorsProblem(
            entry as Record<string, unknown>,
            `${where}[${index}].`,
          );
          if (problem) return problem;
          continue;
        }
        return `${where}[${index}]: ${JSON.stringify(entry)}`;
      }
    } else if (typeof value === 'object' && value !== null) {
      const problem = fieldErrorsProblem(value as Record<string, unknown>, `${where}.`);
      if (problem) return problem;
    } else {
      return `${where}: ${JSON.stringify(value)}`;
    }
  }
  return undefined;
}

/** What an admin sees of a resource: its row count and, for an item, the row. */
export interface Snapshot {
  readonly count: number;
  readonly row?: unknown;
}

/** Takes a {@link Snapshot} of `resource` (and row `id`) as the admin. */
export async function snapshot(
  server: TestServer,
  adminToken: string,
  resource: string,
  id?: number,
): Promise<Snapshot> {
  const list = await server.request<{ count: number }>(`/${resource}/?page_size=1`, {
    token: adminToken,
  });
  if (list.status !== 200) throw new Error(`snapshot ${resource}: ${list.status}`);
  if (id === undefined) return { count: list.body.count };
  const row = await server.request(`/${resource}/${id}/`, { token: adminToken });
  return { count: list.body.count, row: row.status === 200 ? row.body : row.status };
}

/** Resolves a `$ref` of `document`. */
export function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 10; depth += 1) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = document.components.schemas[name] ?? {};
  }
  return current;
}

/**
 * Makes billed data the demo seed has none of: one billable contract, a billing run for
 * February 2026 and its batch billed in this process, so that a run and a draft invoice exist.
 */
async function billOnce(server: TestServer, adminToken: string): Promise<void> {
  await seedBillable(server.database.db, { count: 1, prefix: 'SECURITY' });
  const run = await server.request<{ id: number }>('/billing-runs/', {
    method: 'POST',
    token: adminToken,
    body: { month: '2026-02-01' },
  });
  if (run.status !== 201) throw new Error(`billing run: ${run.status}`);
  const items = await server.database.db
    .select({ id: billingRunItems.id })
    .from(billingRunItems)
    .where(eq(billingRunItems.run, run.body.id));
  await processBatch(
    server.database.db,
    run.body.id,
    items.map((item) => item.id),
  );
}

/** Imports a one-credit bank statement: an unmatched incoming payment. */
async function importStatementOnce(server: TestServer, adminToken: string): Promise<void> {
  const statement = buildCamt053({
    id: 'HARNESS-1',
    iban: 'CZ6508000000192000145399',
    created: '2026-01-05T08:00:00',
    from: '2026-01-01',
    to: '2026-01-04',
    opening: '0.00',
    entries: [{ reference: 'HARNESS-1', amount: '10.00', bookingDate: '2026-01-02' }],
  });
  const answer = await server.request('/incoming-payments/import/', {
    method: 'POST',
    token: adminToken,
    body: { statement },
  });
  expect(answer.status).toBe(200);
}

/**
 * Per resource whose rows only the server makes (the demo seed has none), how to get a first
 * row for {@link makeTarget} to aim at.
 */
const BEFORE_FIRST_ROW: Record<string, (server: TestServer, adminToken: string) => Promise<void>> =
  { 'billing-runs': billOnce, invoices: billOnce, 'incoming-payments': importStatementOnce };

/** Per server and resource, the first row the admin saw: what {@link makeTarget} copies. */
const templates = new WeakMap<TestServer, Map<string, Record<string, unknown>>>();

/**
 * A row of `resource` made by the admin for a test to aim at: a copy of its first row (as
 * first seen on this server, so that it can be made again once all rows are deleted) with
 * read-only fields dropped, unique-looking strings made unique and required write-only
 * strings (passwords) filled in. Returns its id, or the first row's id when the copy is
 * refused (a resource whose rows cannot be copied blindly).
 */
export async function makeTarget(
  server: TestServer,
  document: OpenApiDocument,
  adminToken: string,
  resource: string,
  tag: string,
): Promise<number> {
  const known = templates.get(server) ?? new Map<string, Record<string, unknown>>();
  templates.set(server, known);
  let first = known.get(resource);
  if (!first) {
    const list = await server.request<{ results: Record<string, unknown>[] }>(
      `/${resource}/?page_size=1`,
      { token: adminToken },
    );
    first = list.body.results[0];
    if (!first && BEFORE_FIRST_ROW[resource]) {
      await BEFORE_FIRST_ROW[resource](server, adminToken);
      const again = await server.request<{ results: Record<string, unknown>[] }>(
        `/${resource}/?page_size=1`,
        { token: adminToken },
      );
      first = again.body.results[0];
    }
    if (!first) throw new Error(`${resource}: no row to copy`);
    known.set(resource, first);
  }
  const operation = document.paths[`${API_PREFIX}/${resource}/`]?.post;
  const schema = resolve(
    document,
    operation?.requestBody?.content?.['application/json']?.schema ?? {},
  );
  const created = await server.request<{ id: number }>(`/${resource}/`, {
    method: 'POST',
    token: adminToken,
    body: copyBody(schema, first, tag),
  });
  if (created.status === 201) return created.body.id;
  return first.id as number;
}

/** The writable fields of `row` under `schema`, altered so a copy is accepted. */
export function copyBody(
  schema: JsonSchema,
  row: Record<string, unknown>,
  tag: string,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (property.readOnly) continue;
    const value = row[name];
    if (property.writeOnly && property.type === 'string') {
      body[name] = `${tag}-Secret-123456`.slice(0, property.maxLength ?? 128);
    } else if (value === undefined) {
      continue;
    } else if (
      typeof value === 'string' &&
      property.type === 'string' &&
      !property.enum &&
      !property.$ref &&
      !property.format?.startsWith('date') &&
      property.format !== 'decimal' &&
      !property.pattern
    ) {
      body[name] =
        property.format === 'email'
          ? `${tag}-${value}`.slice(-(property.maxLength ?? 254))
          : `${tag} ${value}`.slice(0, property.maxLength ?? 10_000);
    } else {
      body[name] = value;
    }
  }
  return body;
}

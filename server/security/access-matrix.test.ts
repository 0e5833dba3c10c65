/**
 * The access matrix (docs/api.md "Base, format, auth", "Errors", "Privileges"): every operation
 * of the OpenAPI document (plus OPTIONS of every resource path) × every caller of
 * `CALLERS`. The operations come from the resource definitions and `buildOpenApiDocument`;
 * who should pass comes from the hand-written table of `expected-access.ts`, never from the
 * declarations, so a wrongly declared privilege fails here (docs/security.md "The security
 * suite"); an operation the table does not name fails too.
 *
 * - no token → 401 `{"detail": "Authentication credentials were not provided."}`; an
 *   expired, forged, `alg: none`, refresh or garbage token → 401 `token_not_valid`; an
 *   inactive user → 401; all with `WWW-Authenticate: Bearer realm="api"`;
 * - a signed-in user lacking the operation's `x-privilege` → 403 (OPTIONS: 200 without
 *   `actions`);
 * - a user holding it (or superuser) → neither 401 nor 403 nor 5xx; except that a resource
 *   with an `authorizeWrite` rule (users, roles: nobody grants what they do not hold) may
 *   refuse a write to a row stronger than the caller with 403 and the rule's own reason,
 *   never the privilege gate's answer — and such a refusal changes nothing either.
 *
 * Writes aim at a real row the admin made for the purpose, and every refused write is
 * checked to have changed nothing: the row and the row count as the admin sees them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../resources/definitions';
import { startTestServer, type TestResponse, type TestServer } from '../test-support/server';
import {
  DOCUMENT,
  CALLERS,
  adminSession,
  copyBody,
  errorShapeProblem,
  expectForbiddenAnswer,
  expectUnauthorized,
  issueCallers,
  makeTarget,
  operationsOf,
  resolve,
  snapshot,
  type Caller,
  type Operation,
  type Snapshot,
} from './harness';
import {
  EXPECTED_ACCESS,
  EXPECTED_OTHER,
  expectedGate,
  passes,
  publishedGate,
  sameGate,
  type Gate,
} from './expected-access';

type Expected = 'unauthorized' | 'forbidden' | 'allowed';

/** Resources whose writes a rule beyond the privilege may refuse (`authorizeWrite`). */
const RULED = new Set(
  resources.filter((definition) => definition.authorizeWrite).map(({ name }) => name),
);

/** The table's gate of `operation`; an operation it does not name fails its tests. */
function gateOf(operation: Operation): Gate | undefined {
  return expectedGate(operation.id, operation.resource);
}

function expected(caller: Caller, operation: Operation): Expected {
  if (caller.kind !== 'user') return 'unauthorized';
  const gate = gateOf(operation);
  // Not in the table: expect nothing to pass, so the operation's allowed callers fail loudly.
  return gate !== undefined && passes(gate, caller.privileges) ? 'allowed' : 'forbidden';
}

/**
 * Operations that end the caller's own sessions (docs/security.md "Tokens"): run last, since
 * every token they are called with is void afterwards.
 */
const SIGNS_CALLER_OUT = new Set(['auth_me_sign_out_everywhere_create']);

/** Secured operations only: the public ones (sign-in, reset, config, schema) gate nothing. */
const OPERATIONS = operationsOf(DOCUMENT)
  .filter((operation) => operation.secured)
  .sort((a, b) => Number(SIGNS_CALLER_OUT.has(a.id)) - Number(SIGNS_CALLER_OUT.has(b.id)))
  .map((operation) => ({
    ...operation,
    gate: describeGate(gateOf(operation)),
    // Refused callers first, so the allowed ones' writes come after every check.
    callers: CALLERS.map((caller) => ({ ...caller, expected: expected(caller, operation) })).sort(
      (a, b) => Number(a.expected === 'allowed') - Number(b.expected === 'allowed'),
    ),
  }));

function describeGate(gate: Gate | undefined): string {
  if (gate === undefined) return 'NOT IN THE TABLE';
  return typeof gate === 'string' ? gate : gate.join(' | ');
}

/**
 * What the table and the document disagree on: operations the table does not name, actions
 * it names that the document lacks, and published gates that differ from the table's.
 */
function disagreements(operations: readonly Operation[]): string[] {
  const problems: string[] = [];
  const ids = new Set(operations.map((operation) => operation.id));
  for (const operation of operations) {
    const gate = gateOf(operation);
    if (gate === undefined) {
      problems.push(`${operation.id}: not in server/security/expected-access.ts`);
      continue;
    }
    const published = publishedGate(operation.privilege, operation.privilegesAny);
    if (!sameGate(gate, published)) {
      problems.push(
        `${operation.id}: published ${describeGate(published)}, expected ${describeGate(gate)}`,
      );
    }
  }
  for (const [resource, access] of Object.entries(EXPECTED_ACCESS)) {
    for (const action of Object.keys(access.actions ?? {})) {
      if (!ids.has(`${resource}_${action}`)) problems.push(`${resource}_${action}: not published`);
    }
  }
  for (const id of Object.keys(EXPECTED_OTHER)) {
    if (!ids.has(id)) problems.push(`${id}: not published`);
  }
  return problems;
}

describe('the expected access table', () => {
  it('names every secured operation with the gate the server publishes', () => {
    expect(disagreements(OPERATIONS)).toEqual([]);
  });

  it('catches a wrong declaration (advance payments gated by CONTRACTS)', () => {
    const wrong = OPERATIONS.map((operation) =>
      operation.id === 'payments_create' ? { ...operation, privilege: 'CONTRACTS' } : operation,
    );
    expect(disagreements(wrong)).toEqual([
      'payments_create: published CONTRACTS, expected PAYMENTS',
    ]);
    const open = OPERATIONS.map((operation) =>
      operation.id === 'reports_receivables' ? { ...operation, privilege: undefined } : operation,
    );
    expect(disagreements(open)).toEqual([
      'reports_receivables: published signed in, expected REPORTS',
    ]);
  });
});

let server: TestServer;
let adminToken: string;
let headers: Map<string, string | undefined>;
/** Per resource, the row the refused writes aim at. */
const targets = new Map<string, number>();
/** Per resource, that row as the admin first saw it: the template of request bodies. */
const templates = new Map<string, Record<string, unknown>>();
/** Per operation, the admin's snapshot before its first refused call. */
const before = new Map<string, Snapshot>();
let made = 0;

beforeAll(async () => {
  // The matrix runs for minutes on a busy machine: tokens must outlive it.
  server = await startTestServer({ accessLifetime: 3600 });
  adminToken = (await adminSession(server)).token;
  headers = await issueCallers(server);
  for (const name of new Set(OPERATIONS.map((operation) => operation.resource))) {
    if (!name) continue;
    const id = await makeTarget(server, DOCUMENT, adminToken, name, 'matrix');
    targets.set(name, id);
    templates.set(name, await rowOf(name, id));
  }
}, 600_000);

afterAll(() => server?.close());

/** A row of `resource` as the admin sees it. */
async function rowOf(resource: string, id: number): Promise<Record<string, unknown>> {
  const response = await server.request<Record<string, unknown>>(`/${resource}/${id}/`, {
    token: adminToken,
  });
  return response.body;
}

/** The body `operation` is sent with: a plausible change of the target row. */
function bodyFor(operation: Operation): unknown {
  if (!operation.bodySchema || !operation.resource) return undefined;
  const schema = resolve(DOCUMENT, operation.bodySchema);
  const template = templates.get(operation.resource)!;
  made += 1;
  if (schema.type === 'array' && schema.items) {
    return [copyBody(resolve(DOCUMENT, schema.items), template, `matrix-${made}`)];
  }
  return copyBody(schema, template, `matrix-${made}`);
}

async function call(
  operation: Operation,
  caller: Caller,
  id: number | undefined,
  body: unknown,
): Promise<TestResponse> {
  const authorization = headers.get(caller.name);
  return server.request(operation.path.replace('{id}', String(id)), {
    method: operation.method,
    headers: authorization ? { authorization } : {},
    body,
  });
}

describe.each(
  OPERATIONS.map((operation) => [
    `${operation.method} ${operation.path} (${operation.id}, gate: ${operation.gate})`,
    operation,
  ]),
)('%s', (_title, operation) => {
  const write = !['GET', 'OPTIONS'].includes(operation.method);

  it.each(operation.callers.map((caller) => [`${caller.name} → ${caller.expected}`, caller]))(
    '%s',
    async (_name, caller) => {
      const resource = operation.resource;
      // An allowed DELETE removes its own fresh row; every other call aims at the target.
      const id =
        operation.item && resource
          ? caller.expected === 'allowed' && operation.method === 'DELETE'
            ? await makeTarget(server, DOCUMENT, adminToken, resource, `matrix-delete-${++made}`)
            : targets.get(resource)
          : undefined;
      const body = bodyFor(operation);
      // Refused calls change nothing, so one snapshot before the first serves them all.
      const check = write && resource && caller.expected !== 'allowed';
      if (check && !before.has(operation.id)) {
        before.set(operation.id, await snapshot(server, adminToken, resource, id));
      }
      const response = await call(operation, caller, id, body);
      const what = `${operation.method} ${operation.path} as ${caller.name}`;

      if (caller.expected === 'unauthorized') {
        expectUnauthorized(response, caller, what);
      } else if (operation.method === 'OPTIONS') {
        // OPTIONS needs only a signed-in user; `actions` appears only to those who may write.
        expect(response.status, what).toBe(200);
        expect(response.body.actions !== undefined, what).toBe(caller.expected === 'allowed');
      } else if (caller.expected === 'forbidden') {
        expectForbiddenAnswer(response, what);
      } else {
        expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBeLessThan(500);
        const ruled = write && resource !== undefined && RULED.has(resource);
        if (ruled && response.status === 403) {
          // Past the gate, refused by the resource's rule: its own reason, and nothing changed.
          expect(response.body.detail, what).toEqual(expect.any(String));
          expect(response.body.detail, what).not.toBe(
            'You do not have permission to perform this action.',
          );
          if (resource && operation.method !== 'POST' && id !== undefined) {
            const after = await snapshot(server, adminToken, resource, id);
            expect(after.row, `${what}: changed`).not.toBe(404);
          }
        } else {
          expect([401, 403], what).not.toContain(response.status);
        }
        if (response.status >= 400) expect(errorShapeProblem(response.body), what).toBeUndefined();
      }

      if (check) {
        expect(await snapshot(server, adminToken, resource, id), `${what}: changed`).toEqual(
          before.get(operation.id),
        );
      }
    },
  );
});

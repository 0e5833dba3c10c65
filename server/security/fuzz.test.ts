/**
 * Property-based fuzzing of every operation of the OpenAPI document (plus OPTIONS), driven
 * by the document itself (arbitraries.ts): hostile bodies from each request schema, hostile
 * list query strings, odd headers and ids, as every kind of caller (no token, a bad token,
 * a user without the privilege, one with it, the superuser). For every request:
 *
 * - never a 5xx, never a hung request (each is bounded by {@link TIME_BOUND_MS});
 * - a 4xx has docs/api.md's error shape (`{detail}` or field errors of string arrays, nested
 *   objects nesting);
 * - a refused write (any 4xx) changed nothing: the target row and the row count, as the
 *   admin sees them, are as before.
 *
 * Runs: `JOULE_FUZZ_RUNS` per operation (default {@link DEFAULT_RUNS}, about a minute in
 * all), seed `JOULE_FUZZ_SEED` (fixed by default, so CI is repeatable). A long run:
 * `npm run test:security -- --runs 5000` (scripts/with-postgres.ts turns `--runs` and
 * `--seed` into those variables). A failure prints the seed and the path to replay it.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/server';
import { bodyArbitrary, headersArbitrary, queryArbitrary } from './arbitraries';
import {
  DOCUMENT,
  adminSession,
  errorShapeProblem,
  issueCallers,
  makeTarget,
  operationsOf,
  snapshot,
  type Operation,
  type Snapshot,
} from './harness';

/** Runs per operation in CI: ~135 operations, about a minute on two busy cores. */
const DEFAULT_RUNS = 12;
/** The CI seed: any fixed number; a failure report names the seed to replay. */
const DEFAULT_SEED = 20_250_601;
/** The longest a request may take before the property fails as "hung". */
const TIME_BOUND_MS = 5_000;

const RUNS = Number(process.env.JOULE_FUZZ_RUNS ?? DEFAULT_RUNS);
const SEED = Number(process.env.JOULE_FUZZ_SEED ?? DEFAULT_SEED);

const OPERATIONS = operationsOf(DOCUMENT);

/** The kinds of caller each run picks from. */
const CALLER_KINDS = ['no token', 'expired token', 'no privilege', 'privileged', 'superuser'];

let server: TestServer;
let adminToken: string;
let callers: Map<string, string | undefined>;
const targets = new Map<string, number>();
/** What the server logged at error level: shown when a property finds a 5xx. */
const serverLog: string[] = [];

beforeAll(async () => {
  server = await startTestServer({
    // The run outlasts the default 5-minute access token of the admin who checks each write.
    accessLifetime: 3600,
    logger: {
      level: 'error',
      stream: { write: (line: string) => void serverLog.push(line) },
    },
  });
  adminToken = (await adminSession(server)).token;
  callers = await issueCallers(server);
  for (const name of new Set(OPERATIONS.map((operation) => operation.resource))) {
    if (name) targets.set(name, await makeTarget(server, DOCUMENT, adminToken, name, 'fuzz'));
  }
}, 120_000);

afterAll(() => server?.close());

/** The `Authorization` header of `kind` for `operation`. */
function authorization(kind: string, operation: Operation): string | undefined {
  if (kind === 'privileged') {
    return callers.get(operation.privilege ? `privilege ${operation.privilege}` : 'no privilege');
  }
  return callers.get(kind);
}

/** Ids a path may carry: mostly the real target, else hostile text. */
const idArbitrary = fc.oneof(
  { arbitrary: fc.constant('target'), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      'abc',
      '1e3',
      '1.5',
      ' 1',
      '0x1',
      '99999999999999999999',
      '2147483648',
      '%00',
      '%2e%2e',
      '٣',
      'null',
    ),
    weight: 1,
  },
);

/** One fuzzed request. */
interface FuzzRequest {
  readonly caller: string;
  readonly id: string;
  readonly query: string;
  readonly body: string | undefined;
  readonly headers: Record<string, string>;
}

function requestArbitrary(operation: Operation): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    // Mostly callers who get past authorization, so the bodies reach validation and SQL.
    caller: fc.oneof(
      { arbitrary: fc.constantFrom(...CALLER_KINDS), weight: 1 },
      { arbitrary: fc.constantFrom('privileged', 'superuser'), weight: 3 },
    ),
    id: operation.item ? idArbitrary : fc.constant(''),
    query: queryArbitrary(operation),
    body: bodyArbitrary(DOCUMENT, operation),
    headers: headersArbitrary,
  });
}

/** Sends `request`; fails when it takes longer than {@link TIME_BOUND_MS}. */
async function send(
  operation: Operation,
  request: FuzzRequest,
): Promise<{ status: number; text: string; url: string }> {
  const targetId = operation.resource ? targets.get(operation.resource) : undefined;
  const id = request.id === 'target' ? String(targetId ?? 1) : request.id;
  const path = operation.path.replace('{id}', id);
  const url = `${server.origin}/api/v1${path}${request.query ? `?${request.query}` : ''}`;
  const headers: Record<string, string> = { ...request.headers };
  const auth = authorization(request.caller, operation);
  if (auth) headers.authorization = auth;
  if (request.body === undefined || operation.method === 'GET') delete headers['content-type'];
  else headers['content-type'] ??= 'application/json';
  const withBody = request.body !== undefined && !['GET', 'OPTIONS'].includes(operation.method);
  let response: Response;
  try {
    response = await fetch(url, {
      method: operation.method,
      headers,
      body: withBody ? request.body : undefined,
      signal: AbortSignal.timeout(TIME_BOUND_MS),
    });
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      throw new Error(`${operation.method} ${url}: no answer within ${TIME_BOUND_MS} ms`);
    }
    throw error;
  }
  return { status: response.status, text: await response.text(), url };
}

describe.each(
  OPERATIONS.map((operation) => [
    `${operation.method} ${operation.path} (${operation.id})`,
    operation,
  ]),
)('fuzz %s', (_title, operation) => {
  const write = !['GET', 'OPTIONS'].includes(operation.method) && operation.resource;
  const seed = SEED + [...operation.id].reduce((sum, char) => sum + char.charCodeAt(0), 0);

  it(
    `${RUNS} hostile requests: no 5xx, no hang, docs/api.md error shapes, no write when refused`,
    async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(operation), async (request) => {
          const resource = operation.resource!;
          const id = operation.item ? targets.get(resource) : undefined;
          let before: Snapshot | undefined;
          if (write) before = await snapshot(server, adminToken, resource, id);
          const logged = serverLog.length;
          const { status, text, url } = await send(operation, request);
          const what = `${operation.method} ${url} as ${request.caller} → ${status}`;

          if (status >= 500) {
            throw new Error(`${what}: ${text}\nserver log: ${serverLog.slice(logged).join('')}`);
          }
          if (status >= 400) {
            let body: unknown;
            try {
              body = JSON.parse(text);
            } catch {
              throw new Error(`${what}: not JSON: ${text.slice(0, 200)}`);
            }
            const problem = errorShapeProblem(body);
            if (problem) throw new Error(`${what}: not an docs/api.md error (${problem})`);
            if (before) {
              const after = await snapshot(server, adminToken, resource, id);
              if (JSON.stringify(after) !== JSON.stringify(before)) {
                throw new Error(`${what}: a refused write changed ${resource}`);
              }
            }
          }
          const bulk = operation.method === 'POST' && operation.path.includes('/bulk/');
          if (bulk && status === 200 && operation.item === false) {
            // A bulk action (`{"filter": {}}` names every row) may have removed the target.
            const id = targets.get(resource);
            const left =
              id === undefined ? undefined : await snapshot(server, adminToken, resource, id);
            if (left?.row === 404) {
              targets.set(
                resource,
                await makeTarget(server, DOCUMENT, adminToken, resource, `fuzz-${Date.now()}`),
              );
            }
          }
          if (operation.method === 'DELETE' && status === 204 && request.id === 'target') {
            // Aim the later runs at a new row.
            targets.set(
              resource,
              await makeTarget(server, DOCUMENT, adminToken, resource, `fuzz-${Date.now()}`),
            );
          }
        }),
        { numRuns: RUNS, seed, endOnFailure: true },
      );
    },
    Math.max(60_000, RUNS * 2 * TIME_BOUND_MS),
  );
});

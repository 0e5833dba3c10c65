/**
 * Races (docs/api.md "Errors", **Joule** ETag): parallel writes of one row holding the same
 * `If-Match` let exactly one through and answer the rest 412 without changing anything;
 * parallel creates of one unique value store exactly one row and answer the rest 400 (a
 * unique violation the validators could not see coming is never a 500).
 *
 * Runs on PGlite and, as it matters most there (many connections, real row locks), on the
 * PostgreSQL of `JOULE_TEST_POSTGRES_URL` / `JOULE_TEST_DATABASE_URL`
 * (scripts/with-postgres.ts sets it under `npm test`; skipped when neither is set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../seed';
import { startTestServer, type TestServer } from '../test-support/server';
import { errorShapeProblem } from './harness';

/** Parallel requests per race. */
const RACERS = 10;
/** Races of PATCHes run. */
const ROUNDS = 3;

const postgresUrl = process.env.JOULE_TEST_POSTGRES_URL ?? process.env.JOULE_TEST_DATABASE_URL;

const ENGINES: [string, string | null][] = [
  ['PGlite', null],
  ...(postgresUrl ? [['PostgreSQL', postgresUrl] as [string, string]] : []),
];

describe.each(ENGINES)('races on %s', (_engine, url) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ postgresUrl: url });
    token = await server.login(DEMO_USERS.admin);
  });
  afterAll(() => server?.close());

  async function freshRole(name: string): Promise<{ id: number; etag: string }> {
    const created = await server.request<{ id: number }>('/roles/', {
      method: 'POST',
      token,
      body: { name, privileges: [] },
    });
    expect(created.status).toBe(201);
    const row = await server.request(`/roles/${created.body.id}/`, { token });
    return { id: created.body.id, etag: row.headers.get('etag')! };
  }

  it(`${RACERS} PATCHes with the same If-Match: one 200, the rest 412, one change kept`, async () => {
    // A few rounds: a race lost once by luck of timing is not a race won.
    for (let round = 0; round < ROUNDS; round += 1) {
      const { id, etag } = await freshRole(`Race of patches ${round}`);
      const answers = await Promise.all(
        Array.from({ length: RACERS }, (_, index) =>
          server.request(`/roles/${id}/`, {
            method: 'PATCH',
            token,
            headers: { 'if-match': etag },
            body: { name: `Race ${round} winner ${index}`, privileges: ['CUSTOMERS'] },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, ...Array<number>(RACERS - 1).fill(412)]);
      for (const answer of answers.filter((each) => each.status === 412)) {
        expect(errorShapeProblem(answer.body)).toBeUndefined();
        expect(typeof answer.body.detail).toBe('string');
      }
      const winner = answers.find((answer) => answer.status === 200)!;
      const stored = await server.request(`/roles/${id}/`, { token });
      expect(stored.body.name).toBe(winner.body.name);
      expect(stored.headers.get('etag')).toBe(winner.headers.get('etag'));
    }
  });

  it(`${RACERS} DELETEs with the same If-Match: one 204, none else succeeds or fails hard`, async () => {
    const { id, etag } = await freshRole('Race of deletes');
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        server.request(`/roles/${id}/`, {
          method: 'DELETE',
          token,
          headers: { 'if-match': etag },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    // The losers find the row gone (404) or, had they read it first, stale (412).
    for (const status of statuses.filter((each) => each !== 204))
      expect([404, 412]).toContain(status);
    expect((await server.request(`/roles/${id}/`, { token })).status).toBe(404);
  });

  it(`${RACERS} creates of one unique name: one 201, the rest 400 field errors`, async () => {
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        server.request('/roles/', {
          method: 'POST',
          token,
          body: { name: 'Race of creates', privileges: [] },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(RACERS - 1).fill(400)]);
    for (const answer of answers.filter((each) => each.status === 400)) {
      expect(errorShapeProblem(answer.body)).toBeUndefined();
    }
    const list = await server.request('/roles/?search=Race%20of%20creates', { token });
    expect(list.body.count).toBe(1);
  });
});

/** `GET/PUT /auth/me/preferences/` (server/auth/preferences.ts) on the real server and DB. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../seed';
import { startTestServer, type TestServer } from '../test-support/server';
import { MAX_PREFERENCES_BYTES } from './preferences';

let server: TestServer;
let admin: string;
let clerk: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  clerk = await server.login(DEMO_USERS.clerk);
});
afterAll(() => server.close());

const PATH = '/auth/me/preferences/';
const columns = { order: ['customer_no', 'last_name', 'phone'], hidden: ['phone'] };

describe('the user preferences', () => {
  it('are {} until saved, then what was saved, per user', async () => {
    expect((await server.request(PATH, { token: admin })).body).toEqual({});
    const saved = await server.request(PATH, {
      method: 'PUT',
      token: admin,
      body: { lists: { customers: columns } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ lists: { customers: columns } });
    expect((await server.request(PATH, { token: admin })).body).toEqual({
      lists: { customers: columns },
    });
    // Another user's are their own.
    expect((await server.request(PATH, { token: clerk })).body).toEqual({});
    // A second save replaces the first.
    await server.request(PATH, { method: 'PUT', token: admin, body: { lists: {} } });
    expect((await server.request(PATH, { token: admin })).body).toEqual({ lists: {} });
  });

  it('need a signed-in user', async () => {
    expect((await server.request(PATH)).status).toBe(401);
    expect((await server.request(PATH, { method: 'PUT', body: {} })).status).toBe(401);
  });

  it('refuse what is not list preferences, and anything too long', async () => {
    for (const body of [
      [],
      'text',
      { theme: 'dark' },
      { lists: [] },
      { lists: { customers: { order: ['a'] } } },
      { lists: { customers: { order: ['a'], hidden: [], width: 3 } } },
      { lists: { customers: { order: [1], hidden: [] } } },
      { lists: { customers: { order: ['<script>'], hidden: [] } } },
      { lists: { '../x': columns } },
      { lists: { customers: { order: Array(201).fill('a'), hidden: [] } } },
    ]) {
      const answer = await server.request(PATH, { method: 'PUT', token: clerk, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const many = Object.fromEntries(
      Array.from({ length: 150 }, (_, index) => [
        `resource${index}`,
        { order: Array(40).fill('field_name'), hidden: [] },
      ]),
    );
    expect(JSON.stringify({ lists: many }).length).toBeGreaterThan(MAX_PREFERENCES_BYTES);
    const answer = await server.request(PATH, {
      method: 'PUT',
      token: clerk,
      body: { lists: many },
    });
    expect(answer.status).toBe(400);
    expect((await server.request(PATH, { token: clerk })).body).toEqual({});
  });
});

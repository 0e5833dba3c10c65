import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../seed';
import { startTestServer, type TestServer } from '../test-support/server';

let server: TestServer;
let admin: string;
const dist = mkdtempSync(join(tmpdir(), 'joule-dist-'));

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Joule</title>');
  writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  server = await startTestServer({ distDir: dist });
  admin = await server.login(DEMO_USERS.admin);
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('DRF error answers', () => {
  it.each([
    ['an unknown id', '/users/999/'],
    ['a non-integer id', '/users/abc/'],
    ['an id beyond 32 bits', '/users/99999999999/'],
    ['an unknown resource', '/gizmos/'],
    ['a path without its trailing slash', '/users'],
  ])('answers 404 {"detail": "Not found."} for %s', async (_case, path) => {
    const response = await server.request(path, { token: admin });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Not found.' });
  });

  it('answers 404 in Czech', async () => {
    const response = await server.request('/users/999/', { token: admin, lang: 'cs' });
    expect(response.body).toEqual({ detail: 'Nenalezeno.' });
  });

  it('answers 405 with Allow for an unsupported method', async () => {
    const response = await server.request('/users/', { method: 'PUT', token: admin, body: {} });
    expect(response.status).toBe(405);
    expect(response.body).toEqual({ detail: 'Method "PUT" not allowed.' });
    expect(response.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    const item = await server.request('/auth/me/', { method: 'DELETE', token: admin });
    expect(item.status).toBe(405);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await server.request('/roles/', {
      method: 'POST',
      token: admin,
      body: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({
      detail: 'Unsupported media type "application/x-www-form-urlencoded" in request.',
    });
  });

  it('answers 400 for malformed JSON and treats an empty body as {}', async () => {
    const malformed = await server.request('/roles/', {
      method: 'POST',
      token: admin,
      body: '{"name": ',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/^JSON parse error - /);
    const empty = await server.request('/roles/', { method: 'POST', token: admin, body: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ name: ['This field is required.'] });
  });

  it('ignores __proto__ keys in bodies', async () => {
    const response = await server.request('/roles/', {
      method: 'POST',
      token: admin,
      body: '{"name": "Proto", "__proto__": {"privileges": ["superuser"]}}',
    });
    expect(response.status).toBe(201);
    expect(response.body.privileges).toEqual([]);
  });

  it('answers 400 "Authorization header must contain two space-delimited values"', async () => {
    const response = await server.request('/users/', { headers: { authorization: 'Bearer' } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      detail: 'Authorization header must contain two space-delimited values',
      code: 'bad_authorization_header',
    });
  });

  it('sends an ETag and honours If-None-Match', async () => {
    const first = await server.request('/roles/1/', { token: admin });
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${server.origin}/api/v1/roles/1/`, {
      headers: { authorization: `Bearer ${admin}`, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });
});

describe('the SPA', () => {
  it('serves index.html for client routes that accept HTML', async () => {
    const response = await fetch(`${server.origin}/customers/12`, {
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Joule</title>');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves assets with long caching', async () => {
    const response = await fetch(`${server.origin}/assets/app-123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('says how to build it when there is no build', async () => {
    const apiOnly = await startTestServer({ database: server.database });
    try {
      const response = await fetch(`${apiOnly.origin}/`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('npm run build');
    } finally {
      await apiOnly.close();
    }
  });

  it('keeps unknown API paths JSON 404s', async () => {
    const response = await fetch(`${server.origin}/api/v1/nothing/`, {
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not found.' });
  });
});

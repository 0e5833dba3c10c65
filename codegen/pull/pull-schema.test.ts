import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readFileMap } from '../lib/files';
import { toJsonText } from '../lib/json';
import {
  DEFAULT_API_URL,
  endpointUrl,
  normalizeDocument,
  pullCredentials,
  pullSchema,
  pullUrl,
} from './pull-schema';

const fixtureDir = fileURLToPath(new URL('../../tests/fixtures/drf', import.meta.url));

/** A fake DRF back-end serving the fixture, recording requests. */
async function fakeServer() {
  const files = await readFileMap(fixtureDir);
  const requests: { method: string; url: string; headers: Record<string, string> }[] = [];
  const fetchFn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    requests.push({ method, url, headers });
    const path = new URL(url).pathname;
    if (method === 'GET' && path === '/api/v1/schema/')
      return new Response(files.get('openapi.json'));
    if (method === 'POST' && path === '/api/v1/auth/jwt/create/') {
      const body = JSON.parse(String(init?.body)) as { email: string; password: string };
      return body.password === 'right'
        ? Response.json({ access: 'token-1', refresh: 'r' })
        : Response.json(
            { detail: 'No active account found with the given credentials' },
            { status: 401 },
          );
    }
    if (method === 'OPTIONS') {
      if (headers.authorization !== 'Bearer token-1')
        return Response.json({ detail: 'no' }, { status: 401 });
      const resource = path.split('/').filter(Boolean).pop() ?? '';
      const text = files.get(`options/${headers['accept-language']}/${resource}.json`);
      // Compact JSON, as DRF sends it: pull re-indents.
      return text === undefined
        ? Response.json({ name: 'Role List', description: '' })
        : new Response(JSON.stringify(JSON.parse(text)));
    }
    return new Response('not found', { status: 404 });
  };
  return { files, requests, fetchFn: fetchFn as typeof fetch };
}

describe('pullSchema', () => {
  it('snapshots the schema and OPTIONS per list endpoint and language, byte-stable', async () => {
    const server = await fakeServer();
    const pulled = await pullSchema({
      url: 'http://api.test/api/v1/',
      email: 'a@b.c',
      password: 'right',
      fetch: server.fetchFn,
    });
    expect([...pulled.keys()]).toEqual([
      'openapi.json',
      'options/cs/contracts.json',
      'options/cs/customers.json',
      'options/cs/measurements.json',
      'options/cs/roles.json',
      'options/cs/tariffdevices.json',
      'options/cs/users.json',
      'options/en/contracts.json',
      'options/en/customers.json',
      'options/en/measurements.json',
      'options/en/roles.json',
      'options/en/tariffdevices.json',
      'options/en/users.json',
    ]);
    // The fixture is Prettier-formatted (the repository lints it); pull writes plain two-space JSON.
    for (const [path, text] of server.files)
      expect(pulled.get(path)).toBe(toJsonText(JSON.parse(text)));
    const options = server.requests.filter((r) => r.method === 'OPTIONS');
    expect(options).toHaveLength(12);
    expect(options[0]).toMatchObject({
      url: 'http://api.test/api/v1/contracts/',
      headers: { 'accept-language': 'en' },
    });
    expect(server.requests[0]?.headers.accept).toContain('application/vnd.oai.openapi+json');
  });

  it('uses a given token instead of signing in', async () => {
    const server = await fakeServer();
    await pullSchema({
      url: 'http://api.test/api/v1',
      token: 'token-1',
      email: '',
      password: '',
      fetch: server.fetchFn,
    });
    expect(server.requests.some((r) => r.url.includes('/auth/'))).toBe(false);
  });

  it('fails with the URL and status when sign-in is refused', async () => {
    const server = await fakeServer();
    await expect(
      pullSchema({
        url: 'http://api.test/api/v1',
        email: 'a@b.c',
        password: 'wrong',
        fetch: server.fetchFn,
      }),
    ).rejects.toThrow('POST http://api.test/api/v1/auth/jwt/create/: HTTP 401');
  });

  it('fails clearly when the API is unreachable', async () => {
    const fetchFn = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(
      pullSchema({ url: 'http://api.test/api/v1', email: '', password: '', fetch: fetchFn }),
    ).rejects.toThrow('GET http://api.test/api/v1/schema/: fetch failed');
  });
});

describe.each([
  ['http://h:8000/api/v1', '/api/v1/customers/', 'http://h:8000/api/v1/customers/'],
  ['http://h:8000/api/v1', '/customers/', 'http://h:8000/api/v1/customers/'],
  ['http://h:8000/api/v1/', '/customers/', 'http://h:8000/api/v1/customers/'],
  ['http://h:8000', '/api/v1/customers/', 'http://h:8000/api/v1/customers/'],
])('endpointUrl(%s, %s)', (base, path, want) => {
  it(`is ${want}`, () => expect(endpointUrl(base, path)).toBe(want));
});

describe.each<[string, unknown, unknown]>([
  [
    'pulled host becomes a path',
    { servers: [{ url: 'http://127.0.0.1:4123/api/v1', description: 'x' }] },
    { servers: [{ url: '/api/v1', description: 'x' }] },
  ],
  [
    'other hosts stay',
    { servers: [{ url: 'https://prod.example/api/v1' }] },
    { servers: [{ url: 'https://prod.example/api/v1' }] },
  ],
  ['no servers', { openapi: '3.0.3' }, { openapi: '3.0.3' }],
])('normalizeDocument: %s', (_name, given, want) => {
  it('strips the pulled host', () =>
    expect(normalizeDocument(given, 'http://127.0.0.1:4123/api/v1')).toEqual(want));
});

describe.each<
  [
    string,
    { email?: string; password?: string },
    NodeJS.ProcessEnv,
    { email: string; password: string },
  ]
>([
  ['defaults', {}, {}, { email: 'admin@joule.test', password: 'joule-demo' }],
  [
    'environment',
    {},
    { JOULE_SCHEMA_EMAIL: 'e@x', JOULE_SCHEMA_PASSWORD: 'p' },
    { email: 'e@x', password: 'p' },
  ],
  [
    'flags win',
    { email: 'f@x', password: 'q' },
    { JOULE_SCHEMA_EMAIL: 'e@x' },
    { email: 'f@x', password: 'q' },
  ],
])('pullCredentials: %s', (_name, flags, env, want) => {
  it('picks the sign-in', () => expect(pullCredentials(flags, env)).toEqual(want));
});

describe('pullUrl (docs/architecture.md: schema:pull honours PORT)', () => {
  it('takes --url first, then PORT, then port 8000', () => {
    expect(pullUrl('https://api.example/api/v1', { PORT: '18610' })).toBe(
      'https://api.example/api/v1',
    );
    expect(pullUrl(undefined, { PORT: '18610' })).toBe('http://localhost:18610/api/v1');
    expect(pullUrl(undefined, {})).toBe(DEFAULT_API_URL);
    expect(pullUrl(undefined, { PORT: ' ' })).toBe(DEFAULT_API_URL);
  });

  it('refuses a PORT that is no port', () => {
    expect(() => pullUrl(undefined, { PORT: 'eighty' })).toThrow(/PORT must be a port number/);
    expect(() => pullUrl(undefined, { PORT: '70000' })).toThrow(/PORT/);
  });
});

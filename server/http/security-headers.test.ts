/**
 * Security headers (server/http/security-headers.ts, docs/security-headers.md) on the real
 * server with a built SPA in a temporary folder: the Content-Security-Policy's script hashes
 * are those of the served index.html's inline scripts, API answers are never stored, source
 * maps are not served, and `/` is the page for a request without `Accept`.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../seed';
import { startTestServer, type TestServer } from '../test-support/server';
import { buildSources, inlineScriptHashes } from './security-headers';

/** The two inline scripts of the build's index.html (theme, earlyStart), byte for byte. */
const THEME = `
      // Theme before first paint — "ž" makes the hash depend on UTF-8.
      try { document.documentElement.classList.add('x'); } catch (e) {}
    `;
const EARLY = `(function(t){try{fetch(t.api+"/auth/me/")}catch{}})({api:"/api/v1"});\n`;
const INDEX_HTML = `<!doctype html>
<html lang="cs">
  <head>
    <script>${EARLY}</script>
    <meta charset="UTF-8" />
    <title>Joule</title>
    <script>${THEME}</script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <script type="application/json" id="data">{"not": "code"}</script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** `Content-Security-Policy` as directive → sources. */
function policy(header: string | null): Map<string, string[]> {
  expect(header).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** A GET with exactly `headers` (fetch always adds `Accept`); the body decompressed. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const decode =
          encoding === 'gzip' ? gunzipSync : encoding === 'br' ? brotliDecompressSync : null;
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: (decode ? decode(raw) : raw).toString('utf8'),
        });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** A hashed asset, with the `.br` and `.gz` the build writes beside it (build/precompress.ts). */
const ASSET = 'console.log(1)';
let server: TestServer;
let admin: string;
const dist = mkdtempSync(join(tmpdir(), 'joule-dist-'));

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(INDEX_HTML));
  writeFileSync(join(dist, 'assets', 'index-1.js'), ASSET);
  writeFileSync(join(dist, 'assets', 'index-1.js.gz'), gzipSync(ASSET));
  writeFileSync(join(dist, 'assets', 'index-1.js.br'), brotliCompressSync(ASSET));
  writeFileSync(join(dist, 'assets', 'index-1.js.map'), '{"version":3,"sources":["secret.ts"]}');
  server = await startTestServer({ distDir: dist });
  admin = await server.login(DEMO_USERS.admin);
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('inlineScriptHashes', () => {
  it('hashes inline classic and module scripts, not external scripts or data blocks', () => {
    const html =
      `<script>a()</script><SCRIPT type='module'>b()</SCRIPT>` +
      `<script src="/x.js"></script><script type="module" src=/y.js></script>` +
      `<script type="application/json">{"c":1}</script><script type="importmap">{}</script>` +
      `<script type="text/javascript" data-x="src">d()</script >`;
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('b()'), sha256('d()')]);
  });

  it('reads the sources the build declares', () => {
    const html =
      '<meta name="joule-csp-connect-src" content="https://o1.ingest.sentry.io https://api.example">';
    expect(buildSources(html, 'connect-src')).toEqual([
      'https://o1.ingest.sentry.io',
      'https://api.example',
    ]);
    expect(buildSources(html, 'worker-src')).toEqual([]);
  });
});

describe('the page', () => {
  it("allows exactly index.html's inline scripts by hash, never 'unsafe-inline'", async () => {
    const response = await fetch(`${server.origin}/customers`, {
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(200);
    const csp = policy(response.headers.get('content-security-policy'));
    const scripts = csp.get('script-src')!;
    expect(new Set(scripts)).toEqual(new Set(["'self'", sha256(EARLY), sha256(THEME)]));
    // The forms validate with precompiled code (docs/security.md): nothing may `eval`.
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain("'wasm-unsafe-eval'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-hashes'");
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('sends nosniff, no referrer, no framing; no HSTS without an https public URL', async () => {
    const response = await fetch(`${server.origin}/customers`, {
      headers: { accept: 'text/html' },
    });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('serves / to a request with only Accept-Encoding: gzip (a health check)', async () => {
    const response = await rawGet(`${server.origin}/`, { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['content-security-policy']).toContain(sha256(EARLY));
    const plain = await rawGet(`${server.origin}/`, {});
    expect(plain.status).toBe(200);
    expect(plain.body).toBe(INDEX_HTML);
  });

  it('keeps long caching for hashed assets and revalidates index.html', async () => {
    const asset = await fetch(`${server.origin}/assets/index-1.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await rawGet(`${server.origin}/`, { 'accept-encoding': 'gzip' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', undefined],
  ])('sends a hashed asset to a browser accepting %s as %s', async (accepts, encoding) => {
    const response = await rawGet(`${server.origin}/assets/index-1.js`, {
      'accept-encoding': accepts,
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.body).toBe(ASSET);
  });

  it.each([
    ['a script', '*/*'],
    ['a navigation', 'text/html'],
  ])('does not serve source maps to %s', async (_case, accept) => {
    for (const path of ['/assets/index-1.js.map', '/assets/index-1.js%2Emap']) {
      const response = await fetch(`${server.origin}${path}`, { headers: { accept } });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('secret.ts');
    }
  });
});

describe('API answers', () => {
  it.each([
    ['200', '/auth/me/', {}, 200],
    ['401', '/users/', { token: '' }, 401],
    ['404', '/users/999/', {}, 404],
    ['404 of an unknown path', '/nothing/', {}, 404],
    ['400', '/roles/', { method: 'POST', body: {} }, 400],
    ['405', '/auth/me/', { method: 'DELETE' }, 405],
  ] as const)('are never stored: %s', async (_case, path, options, status) => {
    const response = await server.request(path, { token: admin, ...options });
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('are never stored: the schema and /config.json', async () => {
    for (const path of ['/api/v1/schema/', '/config.json']) {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('with an https public URL and single sign-on', () => {
  let secure: TestServer;
  beforeAll(async () => {
    secure = await startTestServer({
      database: server.database,
      distDir: dist,
      publicUrl: 'https://joule.example',
      oidc: { issuer: 'https://sso.example:8443/realms/joule', client_id: 'joule', max_age: null },
      cspConnectSrc: ['https://tokens.example'],
    });
  });
  afterAll(() => secure.close());

  it("lets the SPA call the provider's origin and sends HSTS", async () => {
    const response = await fetch(`${secure.origin}/`, { headers: { accept: 'text/html' } });
    const csp = policy(response.headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://sso.example:8443',
      'https://tokens.example',
    ]);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});

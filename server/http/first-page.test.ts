/**
 * The server-rendered first page (server/http/first-page.ts) with the real renderer
 * (src/ssr/first-page.tsx, as the SSR build bundles it) and the real API behind it.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '../../src/ssr/first-page';
import { DEMO_USERS } from '../seed';
import { startTestServer, type TestServer } from '../test-support/server';
import { ACCESS_COOKIE, FIRST_PAGE_STATE_ID, LANGUAGE_COOKIE } from '../../src/shared';
import { RENDERING_MARKER, renderingMarker } from './first-page';

/** The shape of the build's index.html. */
const INDEX_HTML = `<!doctype html>
<html lang="cs">
  <head>
    <script>/* earlyStart */</script>
    <title>Joule</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let server: TestServer;
let admin: string;
const dist = mkdtempSync(join(tmpdir(), 'joule-dist-'));

beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  server = await startTestServer({ distDir: dist, firstPageRenderer: renderer });
  admin = await server.login(DEMO_USERS.admin);
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

/** A navigation to `path` with these cookies. */
async function open(path: string, cookies: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(`${server.origin}${path}`, {
    method,
    headers: {
      accept: 'text/html',
      cookie: Object.entries(cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
    },
  });
  return { response, html: await response.text() };
}

/** The state embedded for the app to hydrate the page with, or null. */
function stateOf(html: string): {
  user: unknown;
  language: string;
  dehydratedState: { queries: { queryKey: unknown; state: { data: unknown } }[] };
} | null {
  const match = new RegExp(
    `<script type="application/json" id="${FIRST_PAGE_STATE_ID}">(.*?)</script>`,
  ).exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

/**
 * A GET of `path` over plain HTTP, the body as the wire carried it (not decoded, as `fetch`
 * would), with the session cookie and `acceptEncoding`.
 */
function raw(path: string, acceptEncoding?: string) {
  return new Promise<{ response: IncomingMessage; body: Buffer }>((done, fail) => {
    const headers: Record<string, string> = {
      accept: 'text/html',
      cookie: `${ACCESS_COOKIE}=${admin}`,
    };
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
    httpRequest(new URL(path, server.origin), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ response, body: Buffer.concat(chunks) }));
      response.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

const rows = (html: string) => html.match(/<tr[^>]*data-index="/g)?.length ?? 0;

describe('the server-rendered first page', () => {
  it("renders a list page for the cookie's user, with the API's answers embedded", async () => {
    const { response, html } = await open('/customers?sort=customer_no', {
      [ACCESS_COOKIE]: admin,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-store, private');
    expect(response.headers.get('vary')).toContain('Cookie');
    // The app's code is not in the head: the early start adds it once the rows are painted.
    expect(html).toContain(`<head>${renderingMarker([], ['/assets/index-1.js'])}`);
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<title>Zákazníci // Joule</title>');
    // The app's pages are in its root Suspense boundary (`<!--$-->`, src/app/root.tsx).
    expect(html).toContain('<div id="root"><!--$--><div class="joule-shell">');

    const list = await server.request('/customers/?page=1&page_size=25&sort=customer_no', {
      token: admin,
      lang: 'cs',
      headers: { host: new URL(server.origin).host },
    });
    const me = await server.request('/auth/me/', { token: admin });
    const state = stateOf(html)!;
    expect(state.user).toEqual(me.body);
    expect(state.language).toBe('cs');
    // The page of rows as the list runtime keeps it (rows, count, links), and the user's
    // preferences (none saved yet).
    expect(state.dehydratedState.queries).toHaveLength(2);
    expect(state.dehydratedState.queries[1]!.state.data).toEqual({});
    expect(JSON.stringify(state.dehydratedState.queries[0]!.state.data)).toContain(
      JSON.stringify((list.body as { results: unknown[] }).results),
    );
    const results = (list.body as { results: { customer_no: string }[] }).results;
    expect(results.length).toBeGreaterThan(0);
    expect(rows(html)).toBe(results.length);
    for (const row of results) expect(html).toContain(row.customer_no);
    // The rest of index.html follows.
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it("runs under the build's script policy: only index.html's inline script is allowed", async () => {
    const { response, html } = await open('/customers', { [ACCESS_COOKIE]: admin });
    expect(stateOf(html)).not.toBeNull();
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.trim();
    const hash = createHash('sha256').update('/* earlyStart */').digest('base64');
    // The state is a data block (`type="application/json"`): never run, so not listed.
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it("renders the user's own columns, as kept in their preferences", async () => {
    const headerCount = (html: string) => html.match(/<th[\s>]/g)?.length ?? 0;
    const before = await open('/customers', { [ACCESS_COOKIE]: admin });
    const saved = await server.request('/auth/me/preferences/', {
      method: 'PUT',
      token: admin,
      body: { lists: { customers: { order: ['customer_no', 'tin'], hidden: ['tin'] } } },
    });
    expect(saved.status).toBe(200);
    try {
      const after = await open('/customers', { [ACCESS_COOKIE]: admin });
      expect(headerCount(after.html)).toBe(headerCount(before.html) - 1);
      expect(stateOf(after.html)!.dehydratedState.queries[1]!.state.data).toEqual(saved.body);
    } finally {
      await server.request('/auth/me/preferences/', { method: 'PUT', token: admin, body: {} });
    }
  });

  it('renders in the language of the cookie', async () => {
    const { html } = await open('/customers', { [ACCESS_COOKIE]: admin, [LANGUAGE_COOKIE]: 'en' });
    expect(html).toContain('<title>Customers // Joule</title>');
    expect(rows(html)).toBeGreaterThan(0);
  });

  it("is compressed as the browser accepts (brotli, else gzip), one user's page per cookie and encoding", async () => {
    const plain = await raw('/customers?sort=customer_no');
    expect(plain.response.headers['content-encoding']).toBeUndefined();
    const html = plain.body.toString('utf8');
    expect(rows(html)).toBeGreaterThan(0);
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate', 'gzip', gunzipSync],
      ['gzip, deflate, br', 'br', brotliDecompressSync],
    ] as const) {
      const { response, body } = await raw('/customers?sort=customer_no', accepted);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/Cookie/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('no-store, private');
      const page = decode(body).toString('utf8');
      expect(body.length).toBeLessThan(page.length);
      // The same page (the rows' order and ids are the API's; nothing else differs).
      expect(rows(page)).toBe(rows(html));
      expect(page.trimEnd().endsWith('</html>')).toBe(true);
    }
  });

  it('serves the static page without the cookie, for other pages, and to HEAD', async () => {
    for (const [path, cookies, method] of [
      ['/customers', {}, 'GET'],
      ['/settings', { [ACCESS_COOKIE]: admin }, 'GET'],
      ['/customers?page_size=9999', { [ACCESS_COOKIE]: admin }, 'GET'],
      ['/customers', { [ACCESS_COOKIE]: admin }, 'HEAD'],
    ] as const) {
      const { response, html } = await open(path, cookies, method);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      if (method === 'GET') expect(html).toBe(INDEX_HTML);
    }
  });

  it('renders nothing the API refuses: no JWT, a forged signature, a missing privilege', async () => {
    const clerk = await server.login(DEMO_USERS.clerk);
    for (const [path, token] of [
      ['/customers', 'not-a-token'],
      ['/customers', `${admin.slice(0, -4)}AAAA`],
      ['/users', clerk],
    ] as const) {
      const { response, html } = await open(path, { [ACCESS_COOKIE]: token });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store, private');
      // The app does it all itself, its code linked at once, not after a paint of nothing.
      expect(html).toContain(
        '<div id="root"></div><script type="module" crossorigin src="/assets/index-1.js"></script>',
      );
      expect(html).not.toContain('joule-shell');
      expect(stateOf(html)).toBeNull();
    }
  });

  it('embeds what users typed as data, never as markup', async () => {
    const created = await server.request('/customers/', {
      method: 'POST',
      token: admin,
      body: {
        customer_no: 'X</script>1',
        type: 'person',
        first_name: '<img src=x onerror=alert(1)>',
        last_name: '</script><script>alert(2)</script>',
      },
    });
    expect(created.status).toBe(201);
    const { html } = await open('/customers?search=alert&sort=customer_no', {
      [ACCESS_COOKIE]: admin,
    });
    expect(rows(html)).toBe(1);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert');
    const list = stateOf(html)!.dehydratedState.queries[0]!.state.data as {
      results: { last_name: string }[];
    };
    expect(list.results[0]!.last_name).toBe('</script><script>alert(2)</script>');
  });

  it("lists in the head's marker the stylesheets and modules the early start is to add", () => {
    expect(RENDERING_MARKER).toBe('<meta name="joule-first-page" content="rendering" />');
    expect(renderingMarker(['/assets/index-1.css', '/a"b&.css'])).toBe(
      '<meta name="joule-first-page" content="rendering" data-stylesheets="/assets/index-1.css /a&quot;b&amp;.css" />',
    );
    expect(renderingMarker(['/assets/index-1.css'], ['/assets/index-1.js'])).toBe(
      '<meta name="joule-first-page" content="rendering" data-stylesheets="/assets/index-1.css" data-modules="/assets/index-1.js" />',
    );
  });
});

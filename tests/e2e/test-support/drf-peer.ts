/**
 * A plain Django REST framework back-end for the e2e tests of docs/api.md (the first
 * section: "any Django REST framework (DRF) back-end that publishes an OpenAPI document
 * … and answers `OPTIONS`"): real HTTP on loopback, rows in memory. It speaks what a
 * `ModelViewSet` with drf-spectacular, djoser and simplejwt speaks and nothing of Joule's
 * extensions: no `x-` keys, no published `default`, no bulk endpoint, no `/config/`, no
 * preferences or saved views, no dry run.
 *
 * One model, as Django would declare it:
 *
 * ```python
 * class Site(models.Model):
 *     name = models.CharField(max_length=100)            # DRF trims its spaces
 *     code = models.CharField(max_length=20, blank=True)
 *     active = models.BooleanField(default=True)          # a create without it stores True
 *     note = models.TextField(blank=True)
 * ```
 *
 * A site `protected` (seeded so) is refused on delete with 409 `{"detail"}`, as a view that
 * catches Django's `ProtectedError` answers. With `staticDir` it also serves a built SPA
 * (every other path is its `index.html`), so that the app and its API share an origin.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

/** The peer's only user. */
export const peerUser = { email: 'peer@drf.test', password: 'peer-password' } as const;

/** A stored site. */
export interface PeerSite {
  id: number;
  name: string;
  code: string;
  active: boolean;
  note: string;
  /** Not a field: a site the peer refuses to delete (it "has meters"). */
  protected: boolean;
}

/** One request the peer answered (API paths only). */
export interface PeerRequest {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly status: number;
}

/** A running peer. */
export interface DrfPeer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** `<origin>/api/v1` */
  readonly apiUrl: string;
  readonly sites: PeerSite[];
  readonly requests: PeerRequest[];
  /** Adds a site as the database would hold it. */
  seed(site: Omit<PeerSite, 'id' | 'protected'> & { protected?: boolean }): PeerSite;
  /** Where the SPA's files are served from (null: none). */
  staticDir: string | null;
  stop(): Promise<void>;
}

const API = '/api/v1';
const SECRET = new TextEncoder().encode('drf-peer-secret-drf-peer-secret!');

const labels = {
  en: {
    list: 'Site List',
    instance: 'Site Instance',
    id: 'ID',
    name: 'Name',
    code: 'Code',
    active: 'Active',
    note: 'Note',
    required: 'This field is required.',
    blank: 'This field may not be blank.',
    tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
    boolean: 'Must be a valid boolean.',
    protectedSite: 'Cannot delete this site: meters are installed at it.',
    notFound: 'No Site matches the given query.',
    unauthenticated: 'Authentication credentials were not provided.',
    noAccount: 'No active account found with the given credentials',
  },
  cs: {
    list: 'Site List',
    instance: 'Site Instance',
    id: 'ID',
    name: 'Název',
    code: 'Kód',
    active: 'Aktivní',
    note: 'Poznámka',
    required: 'Toto pole je vyžadováno.',
    blank: 'Toto pole nesmí být prázdné.',
    tooLong: (max: number) => `Ujistěte se, že toto pole nemá více než ${max} znaků.`,
    boolean: 'Musí být platná logická hodnota.',
    protectedSite: 'Místo nelze smazat: jsou v něm osazeny elektroměry.',
    notFound: 'Site odpovídající zadanému dotazu nebyl nalezen.',
    unauthenticated: 'Nebyly zadány přihlašovací údaje.',
    noAccount: 'Nebyl nalezen žádný aktivní účet s danými údaji',
  },
} as const;
type Texts = (typeof labels)[keyof typeof labels];

function textsOf(request: IncomingMessage): Texts {
  return /^cs\b/i.test(request.headers['accept-language'] ?? '') ? labels.cs : labels.en;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonBody = (schema: unknown) => ({
  content: {
    'application/json': { schema },
    'application/x-www-form-urlencoded': { schema },
    'multipart/form-data': { schema },
  },
  required: true,
});
const answer = (status: string, schema: unknown) => ({
  [status]: { content: { 'application/json': { schema } }, description: '' },
});
const idParameter = {
  in: 'path',
  name: 'id',
  schema: { type: 'integer' },
  description: 'A unique integer value identifying this site.',
  required: true,
};
const security = [{ jwtAuth: [] }];

/** drf-spectacular's document for the `SiteViewSet` (a `ModelViewSet`) and simplejwt's views. */
function openApiDocument(): unknown {
  const siteProperties = {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string', maxLength: 100 },
    code: { type: 'string', maxLength: 20 },
    active: { type: 'boolean' },
    note: { type: 'string' },
  };
  return {
    openapi: '3.0.3',
    info: { title: 'Sites', version: '1.0.0', description: '' },
    paths: {
      [`${API}/auth/jwt/create/`]: {
        post: {
          operationId: 'auth_jwt_create_create',
          tags: ['auth'],
          requestBody: jsonBody(ref('TokenObtainPair')),
          responses: answer('200', ref('TokenObtainPair')),
        },
      },
      [`${API}/auth/jwt/refresh/`]: {
        post: {
          operationId: 'auth_jwt_refresh_create',
          tags: ['auth'],
          requestBody: jsonBody(ref('TokenRefresh')),
          responses: answer('200', ref('TokenRefresh')),
        },
      },
      [`${API}/schema/`]: {
        get: {
          operationId: 'schema_retrieve',
          tags: ['schema'],
          security: [{ jwtAuth: [] }, {}],
          responses: answer('200', { type: 'object', additionalProperties: {} }),
        },
      },
      [`${API}/sites/`]: {
        get: {
          operationId: 'sites_list',
          parameters: [
            {
              name: 'page',
              required: false,
              in: 'query',
              description: 'A page number within the paginated result set.',
              schema: { type: 'integer' },
            },
            {
              name: 'page_size',
              required: false,
              in: 'query',
              description: 'Number of results to return per page.',
              schema: { type: 'integer' },
            },
          ],
          tags: ['sites'],
          security,
          responses: answer('200', ref('PaginatedSiteList')),
        },
        post: {
          operationId: 'sites_create',
          tags: ['sites'],
          requestBody: jsonBody(ref('Site')),
          security,
          responses: answer('201', ref('Site')),
        },
      },
      [`${API}/sites/{id}/`]: {
        get: {
          operationId: 'sites_retrieve',
          parameters: [idParameter],
          tags: ['sites'],
          security,
          responses: answer('200', ref('Site')),
        },
        put: {
          operationId: 'sites_update',
          parameters: [idParameter],
          tags: ['sites'],
          requestBody: jsonBody(ref('Site')),
          security,
          responses: answer('200', ref('Site')),
        },
        patch: {
          operationId: 'sites_partial_update',
          parameters: [idParameter],
          tags: ['sites'],
          requestBody: { ...jsonBody(ref('PatchedSite')), required: false },
          security,
          responses: answer('200', ref('Site')),
        },
        delete: {
          operationId: 'sites_destroy',
          parameters: [idParameter],
          tags: ['sites'],
          security,
          responses: { '204': { description: 'No response body' } },
        },
      },
    },
    components: {
      schemas: {
        PaginatedSiteList: {
          type: 'object',
          required: ['count', 'results'],
          properties: {
            count: { type: 'integer', example: 123 },
            next: { type: 'string', nullable: true, format: 'uri' },
            previous: { type: 'string', nullable: true, format: 'uri' },
            results: { type: 'array', items: ref('Site') },
          },
        },
        PatchedSite: { type: 'object', properties: siteProperties },
        Site: { type: 'object', properties: siteProperties, required: ['id', 'name'] },
        TokenObtainPair: {
          type: 'object',
          properties: {
            email: { type: 'string', writeOnly: true },
            password: { type: 'string', writeOnly: true },
            access: { type: 'string', readOnly: true },
            refresh: { type: 'string', readOnly: true },
          },
          required: ['access', 'email', 'password', 'refresh'],
        },
        TokenRefresh: {
          type: 'object',
          properties: {
            access: { type: 'string', readOnly: true },
            refresh: { type: 'string', writeOnly: true },
          },
          required: ['access', 'refresh'],
        },
      },
      securitySchemes: { jwtAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

/** DRF's SimpleMetadata for the list (`POST`) or a row (`PUT`). */
function options(texts: Texts, row: boolean): unknown {
  const field = (type: string, label: string, more: Record<string, unknown> = {}) => ({
    type,
    required: false,
    read_only: false,
    label,
    ...more,
  });
  return {
    name: row ? texts.instance : texts.list,
    description: '',
    renders: ['application/json', 'text/html'],
    parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
    actions: {
      [row ? 'PUT' : 'POST']: {
        id: field('integer', texts.id, { read_only: true }),
        name: field('string', texts.name, { required: true, max_length: 100 }),
        code: field('string', texts.code, { max_length: 20 }),
        active: field('boolean', texts.active),
        note: field('string', texts.note),
      },
    },
  };
}

const publicSite = ({ id, name, code, active, note }: PeerSite) => ({
  id,
  name,
  code,
  active,
  note,
});

/**
 * The serializer's validation: DRF's `CharField` trims spaces and refuses blank where the
 * model does not allow it; a missing field takes the model's default on create.
 */
function validate(
  texts: Texts,
  body: Record<string, unknown>,
  partial: boolean,
  current?: PeerSite,
): { errors: Record<string, string[]> } | { values: Omit<PeerSite, 'id' | 'protected'> } {
  const errors: Record<string, string[]> = {};
  const string = (name: 'name' | 'code' | 'note', blank: boolean, max?: number) => {
    if (!(name in body)) {
      if (!partial && !blank) errors[name] = [texts.required];
      return current?.[name] ?? '';
    }
    const value = body[name];
    if (typeof value !== 'string') {
      errors[name] = [texts.required];
      return '';
    }
    const trimmed = value.trim();
    if (!blank && trimmed === '') errors[name] = [texts.blank];
    else if (max !== undefined && trimmed.length > max) errors[name] = [texts.tooLong(max)];
    return trimmed;
  };
  const name = string('name', false, 100);
  const code = string('code', true, 20);
  const note = string('note', true);
  let active = current?.active ?? true;
  if ('active' in body) {
    if (typeof body.active === 'boolean') active = body.active;
    else errors.active = [texts.boolean];
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { values: { name, code, active, note } };
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  return JSON.parse(text) as unknown;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** Starts the peer on a free loopback port. */
export async function startDrfPeer(): Promise<DrfPeer> {
  const sites: PeerSite[] = [];
  const requests: PeerRequest[] = [];
  let nextId = 1;
  let staticDir: string | null = null;

  const send = (response: ServerResponse, status: number, body?: unknown): number => {
    response.statusCode = status;
    if (body === undefined) {
      response.end();
      return status;
    }
    response.setHeader('Content-Type', 'application/json');
    response.setHeader('Vary', 'Accept, Accept-Language');
    response.end(JSON.stringify(body));
    return status;
  };

  const token = (type: 'access' | 'refresh', lifetime: number) =>
    new SignJWT({ token_type: type, user_id: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(`${lifetime}s`)
      .setJti(`${type}-${Math.random().toString(36).slice(2)}`)
      .sign(SECRET);

  const authenticated = async (request: IncomingMessage): Promise<boolean> => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ')) return false;
    try {
      const { payload } = await jwtVerify(header.slice(7), SECRET);
      return payload.token_type === 'access';
    } catch {
      return false;
    }
  };

  const api = async (
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    body: unknown,
  ): Promise<number> => {
    const texts = textsOf(request);
    const path = url.pathname.slice(API.length);
    const method = request.method ?? 'GET';
    const fields = (body ?? {}) as Record<string, unknown>;
    if (path === '/schema/' && method === 'GET') return send(response, 200, openApiDocument());
    if (path === '/auth/jwt/create/' && method === 'POST') {
      if (fields.email !== peerUser.email || fields.password !== peerUser.password) {
        return send(response, 401, { detail: texts.noAccount });
      }
      return send(response, 200, {
        refresh: await token('refresh', 86_400),
        access: await token('access', 300),
      });
    }
    if (path === '/auth/jwt/refresh/' && method === 'POST') {
      try {
        const { payload } = await jwtVerify(String(fields.refresh), SECRET);
        if (payload.token_type !== 'refresh') throw new Error('not a refresh token');
      } catch {
        return send(response, 401, {
          detail: 'Token is invalid or expired',
          code: 'token_not_valid',
        });
      }
      // simplejwt without ROTATE_REFRESH_TOKENS answers the access token alone.
      return send(response, 200, { access: await token('access', 300) });
    }
    if (!(await authenticated(request))) {
      return send(response, 401, { detail: texts.unauthenticated });
    }
    if (path === '/auth/me/' && method === 'GET') {
      // The caller as docs/api.md "Authentication endpoints" answers it: a Django superuser
      // (`is_superuser`), whom the SPA lets use every resource.
      return send(response, 200, { id: 1, email: peerUser.email, privileges: ['superuser'] });
    }
    if (path === '/sites/') {
      if (method === 'OPTIONS') return send(response, 200, options(texts, false));
      if (method === 'GET') {
        const size = Math.min(Number(url.searchParams.get('page_size') ?? 25) || 25, 1000);
        const number = Number(url.searchParams.get('page') ?? 1) || 1;
        const start = (number - 1) * size;
        if (start > 0 && start >= sites.length) {
          return send(response, 404, { detail: 'Invalid page.' });
        }
        const link = (page: number) => {
          const next = new URL(url);
          next.searchParams.set('page', String(page));
          return next.toString();
        };
        return send(response, 200, {
          count: sites.length,
          next: start + size < sites.length ? link(number + 1) : null,
          previous: number > 1 ? link(number - 1) : null,
          results: sites.slice(start, start + size).map(publicSite),
        });
      }
      if (method === 'POST') {
        const checked = validate(texts, fields, false);
        if ('errors' in checked) return send(response, 400, checked.errors);
        const site = { id: nextId++, ...checked.values, protected: false };
        sites.push(site);
        return send(response, 201, publicSite(site));
      }
      return send(response, 405, { detail: `Method "${method}" not allowed.` });
    }
    const match = /^\/sites\/(\d+)\/$/.exec(path);
    if (match) {
      const index = sites.findIndex((site) => site.id === Number(match[1]));
      if (method === 'OPTIONS') return send(response, 200, options(texts, true));
      if (index < 0) return send(response, 404, { detail: texts.notFound });
      const site = sites[index]!;
      if (method === 'GET') return send(response, 200, publicSite(site));
      if (method === 'PUT' || method === 'PATCH') {
        const checked = validate(texts, fields, method === 'PATCH', site);
        if ('errors' in checked) return send(response, 400, checked.errors);
        Object.assign(site, checked.values);
        return send(response, 200, publicSite(site));
      }
      if (method === 'DELETE') {
        if (site.protected) return send(response, 409, { detail: texts.protectedSite });
        sites.splice(index, 1);
        return send(response, 204);
      }
      return send(response, 405, { detail: `Method "${method}" not allowed.` });
    }
    return send(response, 404, { detail: 'Not found.' });
  };

  const files = async (response: ServerResponse, pathname: string) => {
    if (!staticDir) return send(response, 404, { detail: 'Not found.' });
    const relative = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
    const candidates = extname(relative) ? [relative] : ['index.html'];
    for (const candidate of candidates) {
      try {
        const content = await readFile(join(staticDir, candidate));
        response.statusCode = 200;
        response.setHeader(
          'Content-Type',
          contentTypes[extname(candidate)] ?? 'application/octet-stream',
        );
        return response.end(content);
      } catch {
        // not there: the next candidate, else 404
      }
    }
    return send(response, 404, { detail: 'Not found.' });
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    void (async () => {
      if (!url.pathname.startsWith(`${API}/`)) {
        await files(response, url.pathname);
        return;
      }
      let body: unknown;
      try {
        body = await readBody(request);
      } catch {
        send(response, 400, { detail: 'JSON parse error' });
        return;
      }
      const status = await api(request, response, url, body);
      requests.push({
        method: request.method ?? 'GET',
        path: url.pathname + url.search,
        body,
        status,
      });
    })().catch((error: unknown) => {
      send(response, 500, { detail: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    apiUrl: `${origin}${API}`,
    sites,
    requests,
    get staticDir() {
      return staticDir;
    },
    set staticDir(dir: string | null) {
      staticDir = dir;
    },
    seed(site) {
      const stored = { id: nextId++, protected: false, ...site };
      sites.push(stored);
      return stored;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

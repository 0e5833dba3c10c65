/**
 * `npm run schema:pull` as a function: reads `GET <url>/schema/` and, per list endpoint and
 * language, `OPTIONS` (docs/architecture.md "The layers"; docs/api.md "OPTIONS", "Authentication endpoints")
 * into a {@link FileMap} shaped like the `schema/` folder. Text is deterministic: the server's
 * key order (field order matters for forms), two-space JSON, nothing host-specific.
 */
import { optionsFile, OPENAPI_FILE } from '../emit/schema-input';
import { LANGUAGES } from '../languages';
import type { FileMap } from '../lib/files';
import { asArray, asRecord, asString, isRecord, toJsonText } from '../lib/json';
import { parseOpenApi } from '../parse/openapi';
import { findListEndpoints } from '../transform/list-endpoints';

/** Default API base (the reference server in development). */
export const DEFAULT_API_URL = 'http://localhost:8000/api/v1';

/**
 * The API base to pull from: `--url` when given, else the reference server on this machine
 * at `PORT` (as `npm start` / `npm run dev` listen, docs/architecture.md), else {@link DEFAULT_API_URL}.
 * Throws on a `PORT` that is not a port number.
 */
export function pullUrl(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  if (flag) return flag;
  const port = env.PORT?.trim();
  if (!port) return DEFAULT_API_URL;
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535)
    throw new Error(`schema:pull: PORT must be a port number, not "${port}"`);
  return `http://localhost:${port}/api/v1`;
}
/** Default sign-in of the reference server's admin (overridable by env, see {@link pullCredentials}). */
export const DEFAULT_EMAIL = 'admin@joule.test';
export const DEFAULT_PASSWORD = 'joule-demo';

/** How to reach and authenticate against the API. */
export interface PullOptions {
  /** API base, e.g. `http://localhost:8000/api/v1` (no trailing slash needed). */
  readonly url: string;
  /** A bearer access token; when absent, signs in with `email`/`password`. */
  readonly token?: string;
  readonly email: string;
  readonly password: string;
  /** Injected for tests; defaults to the global `fetch`. */
  readonly fetch?: typeof fetch;
}

/** Sign-in from flags, else `JOULE_SCHEMA_EMAIL`/`JOULE_SCHEMA_PASSWORD`, else the defaults. */
export function pullCredentials(
  flags: { readonly email?: string; readonly password?: string },
  env: NodeJS.ProcessEnv,
): { email: string; password: string } {
  return {
    email: flags.email ?? env.JOULE_SCHEMA_EMAIL ?? DEFAULT_EMAIL,
    password: flags.password ?? env.JOULE_SCHEMA_PASSWORD ?? DEFAULT_PASSWORD,
  };
}

/** Pulls the schema snapshot; throws with the failing URL and status on any non-2xx answer. */
export async function pullSchema(options: PullOptions): Promise<FileMap> {
  const fetchFn = options.fetch ?? fetch;
  const base = options.url.replace(/\/+$/, '');
  const files = new Map<string, string>();

  const schema = await fetchJson(fetchFn, `${base}/schema/`, {
    headers: {
      // drf-spectacular serves YAML unless JSON is asked for.
      Accept: 'application/vnd.oai.openapi+json, application/json;q=0.9',
      'Accept-Language': 'en',
    },
  });
  const document = normalizeDocument(schema, base);
  files.set(OPENAPI_FILE, toJsonText(document));

  const endpoints = findListEndpoints(parseOpenApi(document));
  if (endpoints.length === 0) return files;
  const token = options.token ?? (await signIn(fetchFn, base, options.email, options.password));
  for (const endpoint of endpoints) {
    for (const language of LANGUAGES) {
      const answer = await fetchJson(fetchFn, endpointUrl(base, endpoint.documentPath), {
        method: 'OPTIONS',
        headers: {
          Accept: 'application/json',
          'Accept-Language': language,
          Authorization: `Bearer ${token}`,
        },
      });
      files.set(optionsFile(language, endpoint.name), toJsonText(answer));
    }
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The absolute URL of a document path: paths that already carry the base's path
 * (`/api/v1/customers/`, as drf-spectacular writes them) go on the origin, others on the base.
 */
export function endpointUrl(base: string, documentPath: string): string {
  const url = new URL(base);
  const basePath = url.pathname.replace(/\/+$/, '');
  if (basePath !== '' && documentPath.startsWith(`${basePath}/`)) {
    return `${url.origin}${documentPath}`;
  }
  return `${url.origin}${basePath}${documentPath}`;
}

/**
 * Strips what depends on where the API was reached: a `servers` URL on the pulled host
 * becomes its path (`http://127.0.0.1:8123/api/v1` → `/api/v1`).
 */
export function normalizeDocument(document: unknown, base: string): unknown {
  if (!isRecord(document) || !Array.isArray(document.servers)) return document;
  const origin = new URL(base).origin;
  const servers = asArray(document.servers).map((server) => {
    const url = asString(asRecord(server).url);
    if (url === undefined || !url.startsWith(origin)) return server;
    return { ...asRecord(server), url: url.slice(origin.length) || '/' };
  });
  return { ...document, servers };
}

async function signIn(
  fetchFn: typeof fetch,
  base: string,
  email: string,
  password: string,
): Promise<string> {
  const answer = await fetchJson(fetchFn, `${base}/auth/jwt/create/`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const access = asString(asRecord(answer).access);
  if (access === undefined) throw new Error(`sign-in as ${email}: no access token in the answer`);
  return access;
}

async function fetchJson(fetchFn: typeof fetch, url: string, init: RequestInit): Promise<unknown> {
  const method = init.method ?? 'GET';
  let response: Response;
  try {
    response = await fetchFn(url, init);
  } catch (error) {
    throw new Error(`${method} ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${method} ${url}: HTTP ${response.status} ${text.slice(0, 200)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${method} ${url}: answer is not JSON: ${text.slice(0, 120)}`);
  }
}

/**
 * The one typed `openapi-fetch` client of the SPA (docs/architecture.md "The layers"), typed
 * by the OpenAPI `paths` codegen writes to `src/generated/api.d.ts`, and the API's schema
 * types (`ApiSchema<'Bill'>`) for what it sends and answers.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from '../generated/api';
import { ApiError } from './errors';
import { anonymousFetch, apiBaseUrl, authFetch, type RequestOptions, type request } from './http';

/**
 * The API base as an absolute URL: `openapi-fetch` builds a `Request` from it, and a
 * `Request` needs an absolute URL outside a browser page (tests).
 */
function absoluteBaseUrl(): string {
  if (typeof window === 'undefined' || /^https?:/.test(apiBaseUrl)) return apiBaseUrl;
  return new URL(apiBaseUrl, window.location.origin).href.replace(/\/$/, '');
}

/** Where the API lives in the OpenAPI document's own paths (drf-spectacular keeps it). */
type SchemaPrefix = '/api/v1';

/**
 * The document's paths relative to the API base: `/auth/me/` for the document's
 * `/api/v1/auth/me/` (drf-spectacular writes the prefix, another back-end may not; the URL
 * is always the API base, `VITE_API_URL`, plus the path).
 */
export type ApiPaths = {
  [P in keyof paths as P extends `${SchemaPrefix}${infer Rest}` ? Rest : P]: paths[P];
};

/** Every schema the API's document names (`components.schemas`). */
export type ApiSchemas = components['schemas'];

/**
 * One schema of the API's document by name, e.g. `ApiSchema<'SilentPoint'>`: what a
 * request sends or an answer carries, never declared again by hand (docs/architecture.md
 * "Conventions").
 */
export type ApiSchema<N extends keyof ApiSchemas> = ApiSchemas[N];

/** A typed client of the API: `GET('/invoices/{id}/lines/', { params: { path: { id } } })`. */
export type ApiClient = Client<ApiPaths>;

/**
 * Client for calls made on behalf of the signed-in user: bearer token added, a 401
 * renews the token once and retries (docs/product.md §7, §4).
 */
export const apiClient: ApiClient = createClient<ApiPaths>({
  baseUrl: absoluteBaseUrl(),
  fetch: authFetch,
});

/**
 * Client for the token endpoints (`/auth/jwt/create/`, `/auth/jwt/refresh/`): no bearer
 * token and no refresh-and-retry, so a renewal never waits on itself.
 */
export const anonymousClient: ApiClient = createClient<ApiPaths>({
  baseUrl: absoluteBaseUrl(),
  fetch: anonymousFetch,
});

/** `schemaPath` with its `{name}` parameters filled in, each URL-encoded. */
function fillPath(schemaPath: string, values: Readonly<Record<string, unknown>> = {}): string {
  return schemaPath.replace(/\{([^{}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(values[name])),
  );
}

/**
 * A typed client whose every call is one call of `call` (the runtime's `request`, which
 * tests replace): same method, path, query, JSON body, `If-Match` and signal as a direct
 * `call(method, path, options)`; its answer comes back as the client's `data`, with its
 * status and ETag on `response`. A refused call throws `call`'s `ApiError` (or
 * `NetworkError`), as `call` does. JSON only: a file download uses `apiClient` with `parseAs`.
 */
export function clientOver(call: typeof request): ApiClient {
  const client = createClient<ApiPaths>({
    baseUrl: absoluteBaseUrl(),
    // Never reached: the middleware below answers every request.
    fetch: () => Promise.reject(new Error('clientOver: no fetch')),
  });
  const viaCall: Middleware = {
    async onRequest({ request: sent, schemaPath, params }) {
      const text = sent.body === null ? '' : await sent.text();
      const answer = await call(
        sent.method as Parameters<typeof request>[0],
        fillPath(schemaPath, params.path),
        {
          query: params.query as RequestOptions['query'],
          body: text === '' ? undefined : (JSON.parse(text) as unknown),
          ifMatch: sent.headers.get('If-Match'),
          signal: sent.signal,
        },
      );
      const headers = new Headers({ 'Content-Type': 'application/json' });
      if (answer.etag !== null) headers.set('ETag', answer.etag);
      if (answer.data === null || answer.data === undefined) {
        headers.set('Content-Length', '0');
        return new Response(null, { status: answer.status, headers });
      }
      return new Response(JSON.stringify(answer.data), { status: answer.status, headers });
    },
  };
  client.use(viaCall);
  return client;
}

type IfEquals<X, Y, A, B> =
  (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? A : B;
type WritableKeys<T> = {
  [K in keyof T]-?: IfEquals<{ [Q in K]: T[K] }, { -readonly [Q in K]: T[K] }, K, never>;
}[keyof T];

/** `T` without its `readonly` properties: what a client may send of a DRF serializer. */
export type Writable<T> = Pick<T, WritableKeys<T>>;

/**
 * A request body typed as the document's schema. openapi-typescript keeps DRF's read-only
 * fields (`access` of `TokenObtainPair`) required but `readonly` in request bodies; a client
 * never sends them, and the server ignores them when sent. Only the writable part is
 * checked here.
 */
export function writeBody<B>(body: Writable<NonNullable<B>>): NonNullable<B> {
  return body as NonNullable<B>;
}

/** What every `openapi-fetch` call resolves to. */
interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The data of an `openapi-fetch` call, or its failure as an `ApiError` (the error body
 * is already parsed by `openapi-fetch`, so it is mapped here rather than by `toApiError`).
 *
 * @throws {ApiError} on any non-2xx answer.
 * @throws {NetworkError} when the server could not be reached.
 */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    throw new ApiError(
      response.status,
      error ?? null,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  return data as T;
}

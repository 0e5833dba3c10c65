/**
 * The one typed `openapi-fetch` client of the SPA (docs/architecture.md "Folder layout"), typed by the
 * OpenAPI `paths` codegen writes to `src/generated/api.d.ts`.
 */
import createClient from 'openapi-fetch';
import type { paths } from '../generated/api';
import { ApiError } from './errors';
import { anonymousFetch, apiBaseUrl, authFetch } from './http';

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

/** A path relative to the API base, typed as the document writes it (with or without prefix). */
export type SchemaPath<P extends string> = `${SchemaPrefix}${P}` extends keyof paths
  ? `${SchemaPrefix}${P}`
  : P;

/**
 * The typed path of a call relative to the API base (`/auth/me/`). drf-spectacular writes
 * paths with `/api/v1` in them, our server may not; the type follows the document, while
 * the URL is always the API base (`VITE_API_URL`) plus `path`, so both work unchanged.
 */
export function schemaPath<P extends string>(path: P): SchemaPath<P> {
  // The type names the document's key; the string is what goes after the base URL.
  return path as SchemaPath<P>;
}

/**
 * Client for calls made on behalf of the signed-in user: bearer token added, a 401
 * renews the token once and retries (docs/product.md §7, §4).
 */
export const apiClient = createClient<paths>({ baseUrl: absoluteBaseUrl(), fetch: authFetch });

/**
 * Client for the token endpoints (`/auth/jwt/create/`, `/auth/jwt/refresh/`): no bearer
 * token and no refresh-and-retry, so a renewal never waits on itself.
 */
export const anonymousClient = createClient<paths>({
  baseUrl: absoluteBaseUrl(),
  fetch: anonymousFetch,
});

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

/**
 * The one HTTP layer of the SPA: base URL, bearer token, language, refresh-and-retry and
 * error mapping (docs/api.md "Base, format, auth", "Errors"; docs/product.md §7 "All calls go to
 * the /api/v1 base with credentials; a bearer authorisation header is added when logged in").
 */
import { ApiError, NetworkError } from './errors';

/** API base, set at build time (`VITE_API_URL`), default same-origin `/api/v1`. */
export const apiBaseUrl: string = (import.meta.env.VITE_API_URL ?? '/api/v1').replace(/\/$/, '');

/** What the session layer lends the HTTP layer; set once by `src/auth`. */
export interface AuthHooks {
  /** The current access token, or null when signed out. */
  getAccessToken(): string | null;
  /**
   * Renews the access token after a 401; resolves true when a new token is in place.
   * Called at most once per request; concurrent callers should share one renewal.
   */
  refreshAccessToken(): Promise<boolean>;
}

let authHooks: AuthHooks = {
  getAccessToken: () => null,
  refreshAccessToken: async () => false,
};
let language = 'cs';

/** Installs the session's token hooks (called by `src/auth` at start). */
export function configureAuth(hooks: AuthHooks): void {
  authHooks = hooks;
}

/** Sets the `Accept-Language` sent with every call (`cs` or `en`). */
export function setApiLanguage(lang: string): void {
  language = lang;
}

/** Resolves a path relative to the API base (`/users/` → `/api/v1/users/`). */
export function apiUrl(path: string): string {
  return /^https?:/.test(path) ? path : `${apiBaseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * The answer to `request` (a GET with its final headers) that was asked for before the app's
 * code was here, taken once; null when there is none (src/boot/early-responses.ts).
 */
export type EarlyResponses = (request: Request) => Promise<Response> | null;

let earlyResponses: EarlyResponses = () => null;

/** Installs where {@link authFetch} looks for an answer asked for early (called once at start). */
export function setEarlyResponses(take: EarlyResponses): void {
  earlyResponses = take;
}

async function send(input: Request, withToken = true): Promise<Response> {
  const request = input.clone();
  request.headers.set('Accept-Language', language);
  const token = withToken ? authHooks.getAccessToken() : null;
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  const early = earlyResponses(request);
  if (early) {
    try {
      return await early;
    } catch {
      // It failed: ask again below.
    }
  }
  try {
    return await fetch(request);
  } catch (cause) {
    throw new NetworkError(cause);
  }
}

/**
 * `fetch` with the bearer token and language added; a 401 on a call made with a token
 * renews the token once and retries (docs/product.md §4). Throws `NetworkError` when no answer
 * came. Other statuses are returned as they are: callers map them with `toApiError`.
 */
export async function authFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, { credentials: 'include', ...init });
  const hadToken = authHooks.getAccessToken() !== null;
  const response = await send(request);
  if (response.status !== 401 || !hadToken) return response;
  if (!(await authHooks.refreshAccessToken())) return response;
  return send(request);
}

/**
 * `fetch` with the language but without the bearer token and without refresh-and-retry:
 * for the token endpoints themselves (`/auth/jwt/create/`, `/auth/jwt/refresh/`), whose
 * answers must not depend on a stale access token, and which must never wait on the
 * renewal they are part of. Throws `NetworkError` when no answer came.
 */
export async function anonymousFetch(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  return send(new Request(input, { credentials: 'include', ...init }), false);
}

/** Reads an error body (JSON or not) into an `ApiError`. */
export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's HTML page, say): keep the text for the log only.
  }
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new ApiError(
    response.status,
    body,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

/** Options of one `request` call. */
export interface RequestOptions {
  /** Query parameters; undefined and empty values are left out. */
  query?: Readonly<Record<string, string | number | boolean | undefined | null>>;
  /** JSON body. */
  body?: unknown;
  /** `If-Match` value: the ETag the change is based on (docs/api.md "Errors", 412). */
  ifMatch?: string | null;
  signal?: AbortSignal;
}

/** A successful answer: parsed JSON (null for 204) and its ETag. */
export interface ApiResponse<T> {
  readonly data: T;
  readonly status: number;
  readonly etag: string | null;
}

/**
 * One JSON call to the API.
 *
 * @throws {ApiError} on any non-2xx answer (after one refresh-and-retry of a 401).
 * @throws {NetworkError} when the server could not be reached.
 */
export async function request<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'OPTIONS',
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const url = new URL(apiUrl(path), window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '')
      url.searchParams.set(key, String(value));
  }
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (options.ifMatch) headers.set('If-Match', options.ifMatch);
  const response = await authFetch(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) throw await toApiError(response);
  const text = response.status === 204 ? '' : await response.text();
  return {
    data: (text ? JSON.parse(text) : null) as T,
    status: response.status,
    etag: response.headers.get('ETag'),
  };
}

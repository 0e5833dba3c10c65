/** Public surface of `src/api` (docs/architecture.md "Conventions": public surfaces). */
export { ApiError, NetworkError, parseErrorBody } from './errors';
export type { FieldErrorTree } from './errors';
export {
  anonymousFetch,
  apiBaseUrl,
  apiUrl,
  authFetch,
  configureAuth,
  request,
  setApiLanguage,
  setEarlyResponses,
  toApiError,
} from './http';
export type { ApiResponse, AuthHooks, EarlyResponses, RequestOptions } from './http';
export { anonymousClient, apiClient, clientOver, unwrap, writeBody } from './client';
export type { ApiClient, ApiPaths, ApiSchema, ApiSchemas, Writable } from './client';
export { createQueryClient } from './query-client';

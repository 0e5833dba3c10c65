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
  toApiError,
} from './http';
export type { ApiResponse, AuthHooks, RequestOptions } from './http';
export { anonymousClient, apiClient, schemaPath, unwrap, writeBody } from './client';
export type { SchemaPath, Writable } from './client';
export { createQueryClient } from './query-client';

/**
 * Errors of API calls, mapped from the DRF error shapes of docs/api.md "Errors".
 *
 * A server's raw details are never shown to people (docs/product.md §8): views show `fieldErrors`
 * beside fields and `formErrors` above the form; everything else is logged.
 */

/** Field errors as DRF nests them: a list of messages, or an object for nested fields. */
export type FieldErrorTree = readonly string[] | { readonly [field: string]: FieldErrorTree };

/** An answer of the API other than 2xx. */
export class ApiError extends Error {
  /** HTTP status (400, 401, 403, 404, 412, 429, 5xx). */
  readonly status: number;
  /** DRF `detail`, when the body had one. */
  readonly detail: string | null;
  /** simplejwt's `code` (e.g. `token_not_valid`), when present. */
  readonly code: string | null;
  /** Per-field messages of a 400, keyed by wire field name; nested objects nest. */
  readonly fieldErrors: Readonly<Record<string, FieldErrorTree>>;
  /** `non_field_errors` of a 400. */
  readonly nonFieldErrors: readonly string[];
  /** Seconds from `Retry-After` of a 429, when sent. */
  readonly retryAfter: number | null;
  /** The parsed body, for logging only. */
  readonly body: unknown;

  constructor(status: number, body: unknown, retryAfter: number | null = null) {
    const parsed = parseErrorBody(body);
    super(parsed.detail ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = parsed.detail;
    this.code = parsed.code;
    this.fieldErrors = parsed.fieldErrors;
    this.nonFieldErrors = parsed.nonFieldErrors;
    this.retryAfter = retryAfter;
    this.body = body;
  }

  /** Messages to show above a form: `non_field_errors`, then `detail` (docs/api.md "Errors"). */
  get formErrors(): readonly string[] {
    return this.detail ? [...this.nonFieldErrors, this.detail] : this.nonFieldErrors;
  }
}

/** The request never got an HTTP answer (offline, DNS, connection refused, aborted). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

interface ParsedErrorBody {
  detail: string | null;
  code: string | null;
  fieldErrors: Record<string, FieldErrorTree>;
  nonFieldErrors: string[];
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function toFieldErrorTree(value: unknown): FieldErrorTree | null {
  if (typeof value === 'string') return [value];
  if (isStringList(value)) return value;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const tree: Record<string, FieldErrorTree> = {};
    for (const [key, child] of Object.entries(value)) {
      const mapped = toFieldErrorTree(child);
      if (mapped) tree[key] = mapped;
    }
    return tree;
  }
  return null;
}

/**
 * Splits a DRF error body into detail, code, field errors and non-field errors.
 * Unknown shapes give empty parts, never a throw.
 */
export function parseErrorBody(body: unknown): ParsedErrorBody {
  const result: ParsedErrorBody = { detail: null, code: null, fieldErrors: {}, nonFieldErrors: [] };
  if (isStringList(body)) {
    result.nonFieldErrors = body;
    return result;
  }
  if (!body || typeof body !== 'object') return result;
  for (const [key, value] of Object.entries(body)) {
    if (key === 'detail' && typeof value === 'string') result.detail = value;
    else if (key === 'code' && typeof value === 'string') result.code = value;
    else if (key === 'messages') continue;
    else if (key === 'non_field_errors' && isStringList(value)) result.nonFieldErrors = value;
    else {
      const tree = toFieldErrorTree(value);
      if (tree) result.fieldErrors[key] = tree;
    }
  }
  return result;
}

/**
 * What saving and deleting can come to, as unions (docs/architecture.md "Conventions": states as unions), and the mapping
 * from a failed call to them (docs/api.md "Errors").
 */
import { ApiError, NetworkError } from '../../api';
import type { ResourceRow } from '../descriptor';
import { toRjsfErrors, type ServerErrorSchema } from './rjsf-errors';

/** The state of the latest save. */
export type SaveState =
  | { readonly status: 'idle' }
  | { readonly status: 'saving' }
  /** 400: field errors beside fields, the rest above the form. */
  | {
      readonly status: 'invalid';
      readonly extraErrors: ServerErrorSchema;
      readonly formErrors: readonly string[];
      /** Fields the browser's own checks flagged in the same round (top-level names). */
      readonly clientFields?: readonly string[];
      /** Which Save this is (a new number each time): the dialog focuses its first error. */
      readonly round?: number;
    }
  /** No answer: the server could not be reached. */
  | { readonly status: 'offline' }
  /** 412: someone changed the row since it was read. */
  | {
      readonly status: 'conflict';
      /** The row as it is on the server now. */
      readonly server: ResourceRow;
      readonly etag: string | null;
      /** The user's changes against the row first read. */
      readonly yours: Readonly<Record<string, unknown>>;
    }
  /** Any other answer (403, 404, 5xx): the server's `detail` when it sent one. */
  | { readonly status: 'failed'; readonly formErrors: readonly string[] };

/** The state of deleting the row. */
export type DeleteState =
  | { readonly status: 'idle' }
  | { readonly status: 'deleting' }
  /** `detail` of a refusal (400, 403, 412), or null for a generic message. */
  | { readonly status: 'failed'; readonly detail: string | null; readonly offline: boolean };

/** A failed save (other than 412, which needs a fresh read first) as a `SaveState`. */
export function saveFailure(error: unknown, formFields: readonly string[]): SaveState {
  if (error instanceof NetworkError) return { status: 'offline' };
  if (error instanceof ApiError && error.status === 400) {
    return { status: 'invalid', ...toRjsfErrors(error, formFields) };
  }
  return { status: 'failed', formErrors: error instanceof ApiError ? error.formErrors : [] };
}

/** A failed delete as a `DeleteState`. */
export function deleteFailure(error: unknown): DeleteState {
  if (error instanceof NetworkError) return { status: 'failed', detail: null, offline: true };
  const detail = error instanceof ApiError ? error.formErrors.join(' ') || null : null;
  return { status: 'failed', detail, offline: false };
}

/** True for a 412 answer (docs/api.md "Errors": stale `If-Match`). */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 412;
}

let rounds = 0;

/**
 * One Save's errors (docs/api.md "Dry run"): the browser's, on `clientFields`, with the
 * server's (`save`, when `invalid`) on the other fields (a field's own check in the browser
 * says it first), as a new round.
 */
export function withClientErrors(save: SaveState, clientFields: readonly string[]): SaveState {
  const flagged = new Set(clientFields);
  const server =
    save.status === 'invalid' ? save : { extraErrors: {} as ServerErrorSchema, formErrors: [] };
  const extraErrors: ServerErrorSchema = {};
  for (const [name, errors] of Object.entries(server.extraErrors))
    if (!flagged.has(name)) extraErrors[name] = errors;
  rounds += 1;
  return {
    status: 'invalid',
    extraErrors,
    formErrors: server.formErrors,
    clientFields: [...flagged],
    round: rounds,
  };
}

/** How many errors a round shows: one per field with errors, and each above the form. */
export function errorCount(save: SaveState): number {
  if (save.status !== 'invalid') return 0;
  const fields = new Set(save.clientFields ?? []);
  for (const name of Object.keys(save.extraErrors)) fields.add(name);
  return fields.size + save.formErrors.length;
}

/** Drops the server errors of fields whose value changed, so a fixed field stops showing its error. */
export function withoutChangedErrors(
  save: SaveState,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): SaveState {
  if (save.status !== 'invalid') return save;
  const changed = Object.keys(save.extraErrors).filter((key) => before[key] !== after[key]);
  const clientFields = save.clientFields?.filter((key) => before[key] === after[key]);
  if (changed.length === 0 && clientFields?.length === save.clientFields?.length) return save;
  const extraErrors = { ...save.extraErrors };
  for (const key of changed) delete extraErrors[key];
  return { ...save, extraErrors, ...(clientFields && { clientFields }) };
}

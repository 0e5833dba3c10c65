/**
 * Errors a handler throws to answer with a DRF-shaped body (docs/api.md "Errors"). The central
 * error handler (`error-handler.ts`) localizes the body for the request's language.
 */
import { messages } from '../i18n/messages';
import type { LocalizableJson, Text } from '../i18n/text';

/** An HTTP error answer: status, JSON body (with {@link Text} leaves) and extra headers. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: LocalizableJson,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/** Field errors as DRF answers them: field name (or `non_field_errors`) → messages. */
export type FieldErrors = Record<string, Text[]>;

/** 400 with a DRF validation body `{"field": ["message"], "non_field_errors": [...]}`. */
export class ValidationError extends ApiError {
  constructor(readonly errors: FieldErrors) {
    super(400, errors);
    this.name = 'ValidationError';
  }
}

/** `{"detail": text}` with the given status. */
export function detailError(status: number, detail: Text, headers?: Record<string, string>) {
  return new ApiError(status, { detail }, headers);
}

/** 404 `{"detail": "Not found."}`. */
export function notFound(): ApiError {
  return detailError(404, messages.notFound);
}

/** 403 `{"detail": "You do not have permission to perform this action."}`. */
export function permissionDenied(): ApiError {
  return detailError(403, messages.permissionDenied);
}

/** Appends `message` to `errors[field]`, creating the list when needed. */
export function addError(errors: FieldErrors, field: string, message: Text): void {
  (errors[field] ??= []).push(message);
}

/**
 * One place that turns every thrown error into a DRF-shaped JSON answer (docs/api.md "Errors"):
 * {@link ApiError}s as they are, Fastify's own client errors (415, 413, ...) as
 * `{"detail": ...}`, database constraint violations that slipped past validation as 400,
 * a database that is down or not answering in time as 503 with `Retry-After` (security
 * issue, "Faults"), and anything else as a logged 500 whose details never reach the client.
 */
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../i18n/messages';
import { localize } from '../i18n/text';
import { isDatabaseUnavailable, pgErrorOf } from '../db/errors';
import { ApiError, detailError } from './errors';
import { requestLang } from './request-lang';

/**
 * Seconds a client is asked to wait (`Retry-After`) when the database is unavailable: about
 * what a PostgreSQL restart or fail-over takes.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Sends `error` localized for the request. */
export function sendApiError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  return reply
    .code(error.status)
    .headers(error.headers)
    .type('application/json; charset=utf-8')
    .send(localize(error.body, requestLang(request)));
}

function toApiError(error: FastifyError | Error, request: FastifyRequest): ApiError | undefined {
  if (error instanceof ApiError) return error;
  const code = (error as FastifyError).code;
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
    return detailError(415, messages.unsupportedMediaType(mediaType));
  }
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return detailError(413, messages.bodyTooLarge);
  if (isDatabaseUnavailable(error)) {
    return detailError(503, messages.databaseUnavailable, {
      'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
    });
  }
  const pg = pgErrorOf(error);
  if (pg && (pg.code.startsWith('22') || pg.code.startsWith('23'))) {
    // Data or integrity errors mean bad input the validators did not catch: never a 500.
    return new ApiError(400, { non_field_errors: [messages.invalidValue] });
  }
  const status = (error as FastifyError).statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return new ApiError(status, { detail: error.message });
  }
  return undefined;
}

/**
 * What to log of `error`. Drizzle's query errors carry the query's parameters in their
 * message and fields; those may be password hashes or personal data, so they are dropped.
 */
export function forLog(error: Error): Error {
  if (!(error instanceof DrizzleQueryError)) return error;
  const redacted = new Error(`Failed query: ${error.query}`, { cause: error.cause });
  // Keep the frames, not the original message lines (they hold the parameters).
  const frames = error.stack?.split('\n').slice(error.message.split('\n').length) ?? [];
  redacted.stack = [`Error: ${redacted.message}`, ...frames].join('\n');
  return redacted;
}

/** Installs the error handler on `app`. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const apiError = toApiError(error, request);
    if (apiError) {
      if (apiError.status === 503) {
        // Expected while the database restarts: one line, no stack, for each request.
        request.log.warn({ reason: forLog(error).message }, 'database unavailable');
      } else if (apiError.status >= 500) {
        request.log.error({ err: forLog(error) }, 'request failed');
      }
      return sendApiError(request, reply, apiError);
    }
    request.log.error({ err: forLog(error) }, 'unhandled error');
    return sendApiError(request, reply, detailError(500, messages.serverError));
  });
}

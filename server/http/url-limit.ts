/**
 * A cap on the request URL (Joule): a URL longer than {@link MAX_URL_LENGTH} characters is
 * answered 414 `{"detail": "Request URL is too long …"}` before routing, whatever the
 * route. Node alone would accept a request line up to its 16 KiB header limit (431 with
 * no body); the list parameters have their own, tighter limits (`list-query.ts`), this
 * bounds everything else, e.g. how much query string any handler is given to parse.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../i18n/messages';
import { sendApiError } from './error-handler';
import { detailError, notFound } from './errors';

/**
 * Longest accepted URL (path and query string, as sent: percent-encoded), in characters.
 * 8 KiB is what common proxies allow (nginx's default header buffer, Apache's
 * `LimitRequestLine`), so a URL that crossed one fits, and the largest legitimate list
 * URL (5 sort fields, 3 × 20 pairs, a 200-character search) is well below it.
 */
export const MAX_URL_LENGTH = 8192;

/**
 * Longest path parameter (Fastify's `routerOptions.maxParamLength`). The only parameter
 * is a row id, at most 10 digits; a longer segment names no row: 404 (see
 * {@link answerFrameworkError}).
 */
export const MAX_PARAM_LENGTH = 100;

/**
 * Fastify's `frameworkErrors`: the router's own refusals in docs/api.md's shape instead of
 * Fastify's `{"error", "code", "statusCode"}`. A path parameter too long
 * (`FST_ERR_MAX_PARAM_LENGTH`, Fastify's 414) or not decodable (`FST_ERR_BAD_URL`,
 * e.g. `%zz`) cannot be the id of any row, so the answer is the 404 `{"detail":
 * "Not found."}` an unknown id gets; anything else is a logged 500.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH' || error.code === 'FST_ERR_BAD_URL') {
    void sendApiError(request, reply, notFound());
    return;
  }
  request.log.error({ err: error }, 'router error');
  void sendApiError(request, reply, detailError(500, messages.serverError));
}

/** Makes `app` answer 414 to every request whose URL exceeds {@link MAX_URL_LENGTH}. */
export function installUrlLimit(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.raw.url !== undefined && request.raw.url.length > MAX_URL_LENGTH)
      throw detailError(414, messages.uriTooLong(MAX_URL_LENGTH));
  });
}

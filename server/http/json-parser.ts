/**
 * The request body parser: JSON only (docs/api.md "Base, format, auth"; OPTIONS says
 * `parses: ["application/json"]`). Every other content type is refused with 415 (Fastify
 * raises it, the error handler words it as DRF does). An empty body reads as `{}` like
 * DRF's empty `request.data`; malformed JSON is a 400 `{"detail": "JSON parse error - ..."}`.
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '../i18n/messages';
import { detailError } from './errors';

/**
 * Drops `__proto__` keys while parsing: JSON.parse makes them plain own properties, but a
 * later `Object.assign` would turn one into a prototype (prototype poisoning).
 */
function withoutProtoKeys(key: string, value: unknown): unknown {
  return key === '__proto__' ? undefined : value;
}

/** Makes JSON the only body format `app` accepts. */
export function installJsonParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const source = typeof body === 'string' ? body : body.toString('utf8');
    if (source.trim() === '') {
      done(null, {});
      return;
    }
    try {
      done(null, JSON.parse(source, withoutProtoKeys));
    } catch (error) {
      done(detailError(400, messages.jsonParseError((error as Error).message)), undefined);
    }
  });
}

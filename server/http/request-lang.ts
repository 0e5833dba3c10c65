import type { FastifyRequest } from 'fastify';
import { negotiateLanguage } from '../i18n/language';
import type { Lang } from '../i18n/text';

/** The language this request should be answered in (its `Accept-Language`). */
export function requestLang(request: FastifyRequest): Lang {
  return negotiateLanguage(request.headers['accept-language']);
}

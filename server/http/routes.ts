/**
 * Registers one URL with a handler per HTTP method and answers every other method with
 * DRF's 405 `{"detail": "Method \"PUT\" not allowed."}`. Every answer carries DRF's
 * `Allow` header listing the methods the URL supports.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../i18n/messages';
import { detailError } from './errors';

/** Methods a path may implement. HEAD follows GET automatically. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** A route handler; its resolved value is sent as the JSON answer unless it sent one itself. */
export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

// HEAD is left out: Fastify answers it from the GET route (the handler or its 405).
const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Options of {@link registerPath}. */
export interface PathOptions {
  /** Largest request body in bytes (Fastify's `bodyLimit`). @default 1 MiB */
  readonly bodyLimit?: number;
  /**
   * Runs for the implemented methods before the body is read or parsed (Fastify's
   * `onRequest`), e.g. to authenticate first so an anonymous client cannot make the server
   * read and parse a large body; what it throws is answered as usual.
   */
  readonly beforeBody?: (request: FastifyRequest) => Promise<unknown>;
}

/** Registers `url` on `app` with `handlers`; unsupported methods answer 405. */
export function registerPath(
  app: FastifyInstance,
  url: string,
  handlers: Partial<Record<Method, Handler>>,
  options: PathOptions = {},
): void {
  const implemented = Object.keys(handlers) as Method[];
  const allow = [
    ...implemented.filter((m) => m !== 'OPTIONS'),
    ...(handlers.GET ? ['HEAD'] : []),
    ...(handlers.OPTIONS ? ['OPTIONS'] : []),
  ].join(', ');
  for (const method of ALL_METHODS) {
    const handler = handlers[method];
    app.route({
      method,
      url,
      ...(options.bodyLimit !== undefined && { bodyLimit: options.bodyLimit }),
      ...(handler &&
        options.beforeBody && {
          onRequest: async (request: FastifyRequest) => {
            await options.beforeBody!(request);
          },
        }),
      handler: async (request, reply) => {
        reply.header('allow', allow);
        if (!handler) throw detailError(405, messages.methodNotAllowed(method));
        return handler(request, reply);
      },
    });
  }
}

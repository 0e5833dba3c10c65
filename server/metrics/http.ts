/**
 * The HTTP side of the metrics (docs/operations.md "Metrics"): every answered request counted
 * and timed by its route template, `GET /metrics` on the app's port behind a bearer token
 * (`JOULE_METRICS_TOKEN`), and a separate listener without one (`JOULE_METRICS_PORT`) for a
 * scraper on a private network.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { httpRequestDuration, httpRequests, renderMetrics } from './metrics';

/** Route label of requests no route matched (404s of unknown URLs), so the labels stay few. */
const UNMATCHED = 'unmatched';

/**
 * Counts and times every answer of `app` by route template (`/api/v1/customers/:id/`, never
 * the URL itself, so ids do not multiply the series), method and status code.
 */
export function installHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      route: request.routeOptions.url ?? UNMATCHED,
      method: request.method,
      status: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
  });
}

/** Options of {@link registerMetricsRoute}. */
export interface MetricsRouteOptions {
  /** The bearer token a scraper must send (`JOULE_METRICS_TOKEN`, at least 16 characters). */
  readonly token: string;
}

/** SHA-256 of `text`: equal lengths for a constant-time comparison. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Registers `GET /metrics` answering the Prometheus text format to a request carrying
 * `Authorization: Bearer <token>`, and 401 `{"detail"}` to any other. Not rate-limited, not
 * audited, nothing stored.
 */
export function registerMetricsRoute(app: FastifyInstance, options: MetricsRouteOptions): void {
  const expected = digest(options.token);
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = /^Bearer (.+)$/.exec(header)?.[1] ?? '';
    if (!timingSafeEqual(digest(given), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .header('cache-control', 'no-store')
        .send({ detail: 'Authentication credentials were not provided.' });
    }
    const { body, contentType } = await renderMetrics();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}

/** A running metrics listener. */
export interface MetricsServer {
  /** Where it listens, `http://host:port`. */
  readonly origin: string;
  close(): Promise<void>;
}

/**
 * Listens on `host:port` and answers `GET /metrics` with `render()` (this process's metrics,
 * or the whole cluster's in its primary process) to anyone who reaches it: bind it to a
 * private address. Any other request is a 404.
 */
export async function startMetricsServer(options: {
  readonly port: number;
  readonly host: string;
  readonly render?: () => Promise<{ body: string; contentType: string }>;
}): Promise<MetricsServer> {
  const render = options.render ?? renderMetrics;
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found.\n');
      return;
    }
    render().then(
      ({ body, contentType }) =>
        response
          .writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' })
          .end(body),
      (error: unknown) =>
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    origin: `http://${host}:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

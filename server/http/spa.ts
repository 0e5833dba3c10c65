/**
 * Serves the built SPA (`dist/`) next to the API: files as they are (hashed assets cached
 * for a year), and `index.html` for any other GET that accepts HTML so client-side routes
 * such as `/customers` or `/password-reset/{uid}/{token}` load the app (without a build,
 * a plain-text 404 says how to build it). `/` is always the page, whatever the request
 * accepts (a health check or `curl --compressed` sends no `Accept`). Source maps are not
 * served (docs/security-headers.md). Everything else that matches no route — all of
 * `/api/` and missing files of `assets/` included — is DRF's 404 `{"detail": "Not found."}`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './errors';
import { blockingStylesheets, createCriticalCss } from './critical-css';
import { signedInPage, type FirstPageOptions } from './first-page';

/** True when `distDir` holds a built SPA. */
export function hasSpaBuild(distDir: string | undefined): distDir is string {
  return distDir !== undefined && existsSync(join(distDir, 'index.html'));
}

/** True for a source map's path (`….js.map`, `….css.map`), however its query looks. */
function isSourceMap(path: string): boolean {
  return /\.map$/i.test(path);
}

/**
 * Registers SPA serving from `distDir` (when it holds a build) and the not-found answer;
 * with `firstPage`, list pages of a signed-in user come with their first rows rendered in
 * (server/http/first-page.ts).
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string | undefined,
  firstPage?: FirstPageOptions,
): Promise<void> {
  const hasBuild = hasSpaBuild(distDir);
  const indexHtml =
    hasBuild && firstPage
      ? blockingStylesheets(readFileSync(join(distDir, 'index.html'), 'utf8'))
      : '';
  // Rows painted early: rendered pages learn their critical CSS (server/http/critical-css.ts).
  if (hasBuild && firstPage && !firstPage.criticalCss) {
    firstPage = {
      ...firstPage,
      criticalCss: createCriticalCss(distDir, (error) =>
        app.log.warn({ err: error }, 'No critical CSS'),
      ),
    };
  }
  if (hasBuild && firstPage) {
    await app.register(fastifyCookie);
    // The rendered page is compressed (the build's files are precompressed, the API's answers
    // are small). Each part is flushed as it is written, so the head still reaches the browser
    // before the rows are rendered. No route is compressed unless it asks (`reply.compress`).
    await app.register(fastifyCompress, {
      global: false,
      encodings: ['br', 'gzip'],
      zlibOptions: { flush: constants.Z_SYNC_FLUSH },
      brotliOptions: {
        flush: constants.BROTLI_OPERATION_FLUSH,
        params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
      },
    });
  }
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      // An array: with a plain string @fastify/static finds no index for a request that
      // accepts gzip (its `findIndexFile` takes arrays only) and `/` fell through to a 404.
      index: ['index.html'],
      // The build writes `<file>.br` and `<file>.gz` beside each text asset (build/precompress.ts).
      preCompressed: true,
      // The build's source maps stay private (they carry the sources): 404 like any missing
      // file. Sentry, when used, gets them by an upload at build time, not from here.
      allowedPath: (pathName) => !isSourceMap(pathName),
      // Cache-Control is set here rather than by the plugin's one-size max-age.
      cacheControl: false,
      setHeaders(response, path) {
        // Vite puts content-hashed files in assets/: they never change under one name.
        const immutable = path.startsWith(join(distDir, 'assets'));
        response.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // `/` is the page whatever the request accepts (health checks send no `Accept`).
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/assets/') &&
      !isSourceMap(path) &&
      (path === '/' || (request.headers.accept ?? '').includes('text/html'));
    if (hasBuild && wantsPage) {
      if (firstPage && request.method === 'GET') {
        const page = await signedInPage(app, firstPage, indexHtml, request).catch(
          (error: unknown) => {
            request.log.warn({ err: error }, 'The first page could not be rendered');
            return null;
          },
        );
        if (page) {
          // One user's page: never stored, and never a stand-in for another cookie's.
          // Compressed although it holds the user's data next to what the URL says: a
          // cross-site request, which could measure its size (BREACH), carries no cookie
          // (SameSite=Strict, src/auth/session-cookie.ts) and gets the static page.
          return reply
            .header('cache-control', 'no-store, private')
            .header('vary', 'Cookie')
            .type('text/html; charset=utf-8')
            .compress(page);
        }
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    if (wantsPage) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(
          'The web app is not built: run `npm run build` (or `npm start`). The API is at /api/v1/.\n',
        );
    }
    throw notFound();
  });
}

/**
 * Security headers of every answer (docs/security-headers.md): `@fastify/helmet` with a
 * strict Content-Security-Policy built from the SPA build that is served, and
 * `Cache-Control: no-store` on the API.
 *
 * Scripts run only from this origin and, inline, only the exact scripts of the build's
 * `index.html` (the theme script of `index.html` and `earlyStart`, which the build
 * inlines, build/early-start.ts): their SHA-256 hashes are computed here, at start, from the very `index.html` the
 * server reads, so a new build can never leave them stale (restart the server after
 * rebuilding, as for the server-rendered first page, which reads the same file at start).
 * The first page's embedded answers are a `<script type="application/json">` data block:
 * never executed, so no script policy applies to it and it needs no hash.
 */
import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** What {@link registerSecurityHeaders} builds the policy from. */
export interface SecurityHeadersOptions {
  /** The build's `index.html` as served; undefined without a build (API only). */
  readonly indexHtml?: string;
  /**
   * The app's public base URL (`JOULE_PUBLIC_URL`): an `https:` one turns on HSTS and
   * `upgrade-insecure-requests`.
   */
  readonly publicUrl?: string;
  /** The single sign-on provider's issuer URL: the SPA calls it from the browser. */
  readonly oidcIssuer?: string;
  /** More origins the SPA may call (`JOULE_CSP_CONNECT_SRC`), e.g. a provider's token host. */
  readonly connectSrc?: readonly string[];
}

/** Script `type`s a browser executes (HTML "prepare the script element"); others are data. */
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
]);

/** The value of attribute `name` in a start tag's attribute text, or undefined. */
function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(
    `(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+)))?(?=\\s|/|$)`,
    'i',
  ).exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/**
 * The CSP source expressions (`'sha256-…'`) of every inline executable `<script>` of `html`
 * (no `src`, a JavaScript or module type), hashed over their exact text as the browser
 * does (UTF-8, nothing trimmed). A script element's text ends at the first `</script`
 * (HTML's script data state), which is what the pattern matches.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/gi)) {
    const attributes = match[1] ?? '';
    const text = match[2] ?? '';
    if (attribute(attributes, 'src') !== undefined) continue;
    const type = (attribute(attributes, 'type') ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    const digest = createHash('sha256').update(text, 'utf8').digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return [...new Set(hashes)];
}

/**
 * Sources the build adds to a directive: `<meta name="joule-csp-connect-src" content="…">`
 * (and `joule-csp-worker-src`), written by the build (build/csp-sources.ts) for what only
 * the build knows, such as the origin of `VITE_SENTRY_DSN`.
 */
export function buildSources(html: string, directive: 'connect-src' | 'worker-src'): string[] {
  const sources: string[] = [];
  for (const match of html.matchAll(/<meta\b([^>]*)>/gi)) {
    const attributes = match[1] ?? '';
    if (attribute(attributes, 'name') !== `joule-csp-${directive}`) continue;
    sources.push(...(attribute(attributes, 'content') ?? '').split(/\s+/).filter(Boolean));
  }
  return sources;
}

/** `https://host:port` of a URL; undefined for anything else. */
function originOf(url: string): string | undefined {
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

/** The Content-Security-Policy directives, as helmet takes them. */
export function cspDirectives(options: SecurityHeadersOptions): Record<string, string[]> {
  const html = options.indexHtml ?? '';
  const https = options.publicUrl?.startsWith('https:') ?? false;
  const connect = [
    "'self'",
    // The SPA reads the provider's discovery document and calls its token endpoint.
    ...(options.oidcIssuer ? [originOf(options.oidcIssuer)] : []),
    ...buildSources(html, 'connect-src'),
    ...(options.connectSrc ?? []),
  ].filter((source): source is string => !!source);
  const workers = buildSources(html, 'worker-src');
  return {
    'default-src': ["'self'"],
    // No 'unsafe-eval': the forms validate with ajv code codegen compiled ahead of time
    // (src/generated/validators/, docs/security.md), nothing compiles a function in the page.
    // Never 'unsafe-inline': inline scripts only by the hashes of index.html's.
    'script-src': ["'self'", ...inlineScriptHashes(html)],
    // No inline event handlers (`onclick="…"`): the app never writes any.
    'script-src-attr': ["'none'"],
    // Styles only: Blueprint (popover and overlay positioning), react-virtual and the
    // tables set inline `style` attributes at run time, which no hash or nonce can cover.
    // Inline styles cannot run code; scripts stay without 'unsafe-inline'.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Blueprint's stylesheet draws checkboxes and the favicon is an inline SVG: data: URLs.
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [...new Set(connect)],
    ...(workers.length > 0 ? { 'worker-src': ["'self'", ...new Set(workers)] } : {}),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Registers the security headers on every answer (pages, files, API, errors) and
 * `Cache-Control: no-store` on every answer of the API (tokens and personal data must not
 * be kept by browsers or shared caches). Call it before any route is registered.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  const https = options.publicUrl?.startsWith('https:') ?? false;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    // The password-reset page's URL carries its token (/password-reset/{uid}/{token}): no
    // address is sent along to anyone, not even the path to this origin's own API.
    referrerPolicy: { policy: 'no-referrer' },
    // Older browsers' frame-ancestors.
    frameguard: { action: 'deny' },
    // HSTS only where the app is known to be served over HTTPS (JOULE_PUBLIC_URL): over
    // plain HTTP it means nothing, and a wrong one locks users out of an HTTP-only host.
    // Not `includeSubDomains`: other hosts of the domain are not this app's to decide.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // All of `/api/`, as `registerSpa` draws the line (unknown API paths' 404s included),
    // and the API's `/config.json`.
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/config.json') {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

import type { HtmlTagDescriptor, Plugin } from 'vite';
import { browserBuild } from './browser-build';

/** The origin of an http(s) URL; undefined for anything else. */
const originOf = (url: string | undefined) =>
  url && /^https?:\/\//i.test(url) ? new URL(url).origin : undefined;

/**
 * The head's `<meta>` tags for the server's Content-Security-Policy of a build with these
 * variables: `joule-csp-connect-src` (Sentry's and the API's origins) and
 * `joule-csp-worker-src` (`blob:`, Sentry's replay worker); none without them.
 */
export function cspTags(env: Record<string, unknown>): HtmlTagDescriptor[] {
  const sentry = originOf(env.VITE_SENTRY_DSN as string | undefined);
  const api = originOf(env.VITE_API_URL as string | undefined);
  const connect = [sentry, api].filter((origin): origin is string => !!origin);
  const meta = (name: string, content: string): HtmlTagDescriptor => ({
    tag: 'meta',
    attrs: { name, content },
  });
  return [
    ...(connect.length > 0 ? [meta('joule-csp-connect-src', connect.join(' '))] : []),
    ...(sentry ? [meta('joule-csp-worker-src', 'blob:')] : []),
  ];
}

/**
 * Tells the server's Content-Security-Policy (server/http/security-headers.ts) what only the
 * build knows ({@link cspTags}): the origin the bundle reports errors to (`VITE_SENTRY_DSN`),
 * Sentry replay's compression worker, and the API's origin when `VITE_API_URL` names another.
 */
export function cspSources(): Plugin {
  let tags: HtmlTagDescriptor[] = [];
  return {
    name: 'joule-csp-sources',
    apply: browserBuild,
    configResolved(config) {
      tags = cspTags(config.env);
    },
    transformIndexHtml: () => tags,
  };
}

/**
 * Critical CSS of the server-rendered first page (docs/architecture.md
 * "The server-rendered first page"). The first paint of a page waits for its blocking stylesheets, Blueprint's
 * ~470 KiB among them. So once per list resource (the first time its page is rendered) the
 * server runs Beasties over the whole rendered page and keeps the rules that page uses;
 * every later page of that resource carries them inline in its head, and the inline early
 * start adds the full stylesheets from a script, where they hold up neither the first paint
 * nor the app's code (no `onload` handlers: the Content-Security-Policy allows no inline
 * event handlers). Until then, or where Beasties is not installed (it is a build tool),
 * pages are sent as before.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The critical rules learnt per key (a list resource's name). */
export interface CriticalCss {
  /** The critical rules of pages of `key`, once learnt. */
  get(key: string): string | undefined;
  /** Learns the critical rules of pages of `key` from `html`, a whole rendered page, in the background. */
  learn(key: string, html: string): void;
}

/** The classes index.html may put on `<html>` for the dark themes (src/app/theme.ts). */
const THEME_CLASSES = 'bp6-dark joule-theme-dark-blue';

/** At most this many keys are learnt: there are no more list resources than that. */
const MAX_KEYS = 200;

/**
 * Critical CSS for pages of the build in `distDir`; the stylesheets the list screen loads
 * later (`signed-in-*.css`, the signed-in first page's chunk of build/chunks.ts, with the
 * table's) count as the page's too.
 */
export function createCriticalCss(
  distDir: string,
  onError: (error: unknown) => void = () => undefined,
): CriticalCss {
  const learnt = new Map<string, string>();
  const pending = new Set<string>();
  let later: string[] = [];
  try {
    later = readdirSync(join(distDir, 'assets'))
      .filter((name) => /^signed-in-[^/]*\.css$/.test(name))
      .map((name) => `<link rel="stylesheet" href="/assets/${name}">`);
  } catch {
    // No assets folder: only the page's own stylesheets.
  }
  return {
    get: (key) => learnt.get(key),
    learn(key, html) {
      if (learnt.has(key) || pending.has(key) || learnt.size >= MAX_KEYS) return;
      pending.add(key);
      void (async () => {
        const { default: Beasties } = await import('beasties');
        const beasties = new Beasties({
          path: distDir,
          publicPath: '/',
          preload: 'body',
          pruneSource: false,
          compress: true,
          fonts: false,
          logLevel: 'silent',
        });
        // The themes' classes on the root element (index.html sets them before the first
        // paint, src/app/theme.ts), so that the rules of every theme are kept.
        const themed = html.replace(/<html\b/, `<html class="${THEME_CLASSES}"`);
        const processed = await beasties.process(
          themed.replace('</head>', `${later.join('')}</head>`),
        );
        const css = [...processed.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
          .map((match) => match[1])
          .join('');
        if (css) learnt.set(key, css);
      })()
        .catch(onError)
        .finally(() => pending.delete(key));
    },
  };
}

/** A stylesheet the build's index.html only preloads (build/early-start.ts `inlineEarlyStart`). */
const PRELOADED_STYLESHEET = /<link rel="preload" as="style"([^>]*)>/g;

/**
 * index.html as a page the server renders starts from it: the stylesheets the build only
 * preloads (for the static page's early start to apply) as the parser's own links again,
 * so that a page without its critical CSS yet is painted styled;
 * {@link withCriticalCss} then takes them out where the page's critical CSS is known.
 */
export function blockingStylesheets(indexHtml: string): string {
  return indexHtml.replace(PRELOADED_STYLESHEET, '<link rel="stylesheet"$1>');
}

/** A stylesheet link of index.html's head, with its `href` (group 1). */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*?\bhref="([^"]*)"[^>]*>/g;

/**
 * The page's `head` (index.html up to the root element) with `css` inlined and its
 * stylesheet links taken out, and those links' URLs (`stylesheets`). The page's marker
 * (server/http/first-page.ts) hands the URLs to the inline early start, which adds the
 * stylesheets from a script: so they are fetched at once but block neither the first paint
 * nor the app's code (a stylesheet the parser meets, even at the end of the body, holds the
 * entry module until it has loaded; the Content-Security-Policy forbids `onload` tricks).
 */
export function withCriticalCss(
  head: string,
  css: string,
): { head: string; stylesheets: readonly string[] } {
  const stylesheets = [...head.matchAll(STYLESHEET_LINK)].map((match) => match[1]!);
  const style = `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  return {
    head: head.replace(STYLESHEET_LINK, '').replace('</head>', `${style}</head>`),
    stylesheets,
  };
}

import { parse as parseMessage } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** A message catalogue's module id: `locales/**.json`, `overrides/<folder>/<lang>.json`. */
export const CATALOGUE =
  /[\\/](?:locales[\\/][^?]*|overrides[\\/][^\\/?]+[\\/](?:cs|en))\.json(?:\?lazy)?$/;

/** A catalogue's JSON (id → ICU message text) with each message compiled to its ICU AST. */
export function compileCatalogue(json: string): string {
  const messages = JSON.parse(json) as Record<string, string>;
  return JSON.stringify(
    Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parseMessage(text)])),
  );
}

/**
 * Ships the catalogues precompiled to ICU ASTs (react-intl without its parser,
 * `productionAliases`): ~12 kB gzip less. Build only; `npm run check:messages` keeps every
 * id of the code in the catalogues (a `defaultMessage` alone would show unformatted).
 */
export function precompiledMessages(): Plugin {
  return {
    name: 'joule-precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      return CATALOGUE.test(id) ? { code: compileCatalogue(code), map: null } : null;
    },
  };
}

/** Build-only substitutions that make the browser's bundle smaller; tests and dev keep the originals. */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** A path of the repository's `node_modules/` or `src/`. */
const local = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** Drops the ICU parser: the catalogues come precompiled (`shippedMessages`). */
export function productionAliases(): Plugin {
  return {
    name: 'joule-production-aliases',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: local('node_modules/@formatjs/icu-messageformat-parser/lib/no-parser.js'),
          },
        ],
      },
    }),
  };
}

/**
 * Replaces Blueprint's list of every icon name (checked by its icon loader) with the small
 * check in `src/app/icons/icon-names-shim.ts`.
 */
export function slimIconNames(): Plugin {
  const shim = local('src/app/icons/icon-names-shim.ts');
  return {
    name: 'joule-slim-icon-names',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './iconNames' && importer && /@blueprintjs[\\/]icons[\\/]/.test(importer)) {
        return shim;
      }
      return null;
    },
  };
}

/**
 * CASL's module makes its MongoDB conditions matcher as it loads (`createFactory(…)` of
 * `@ucast/mongo2js`), which Rollup keeps though nothing uses it: the app's rules carry no
 * conditions (`PureAbility`, src/auth/abilities.ts). Marked pure, the call goes, and with it
 * `@ucast/*` (~1.8 KiB Brotli on the first page). Throws when CASL's module no longer reads so.
 */
export function pureCaslMatcher(): Plugin {
  return {
    name: 'joule-pure-casl-matcher',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]@casl[\\/]ability[\\/]dist[\\/]es6m[\\/]index\.mjs$/.test(id)) return null;
      const [, factory = '\0'] = /\bcreateFactory as ([\w$]+)/.exec(code) ?? [];
      // `const x=createFactory(a,b)` as the module loads, not a callback's call in a function.
      const call = `(?<=[^=>]=)${factory.replace(/\$/g, '\\$')}\\((?=[\\w$]+,[\\w$]+\\))`;
      const marked = code.replace(new RegExp(call, 'g'), '/*#__PURE__*/$&');
      if (marked === code) throw new Error(`pureCaslMatcher: no createFactory call in ${id}`);
      return { code: marked, map: null };
    },
  };
}

/**
 * Modules without side effects on import though nothing says so, whose barrels Rollup then
 * trims: else `@rjsf/utils` (one id helper) brings lodash and JSON-schema merging (~40 kB
 * gzip) into the list page, `src/resources/index.ts` (one helper of the menus) ~95 kB.
 */
const SIDE_EFFECT_FREE = [
  /[\\/]node_modules[\\/]@rjsf[\\/]utils[\\/]/,
  /[\\/]src[\\/]resources[\\/]index\.ts$/,
];

/** Rollup's `treeshake.moduleSideEffects`: as package.json says, except `SIDE_EFFECT_FREE`. */
export function hasSideEffects(id: string, external: boolean): boolean {
  return external || !SIDE_EFFECT_FREE.some((pattern) => pattern.test(id));
}

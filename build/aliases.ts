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
 * `@ucast/*` (~2.2 kB Brotli on the first page). Throws when CASL's module no longer reads so.
 */
export function pureCaslMatcher(): Plugin {
  return {
    name: 'joule-pure-casl-matcher',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]@casl[\\/]ability[\\/]dist[\\/]es6m[\\/]index\.mjs$/.test(id)) return null;
      const factory = /\bcreateFactory as ([\w$]+)/.exec(code)?.[1];
      // `const x=createFactory(a,b)`: named arguments, unlike a callback's call in a function.
      const name = factory?.replace('$', '\\$');
      const call = factory && new RegExp(`(?<=[^=>]=)${name}\\((?=[\\w$]+,[\\w$]+\\))`, 'g');
      const marked = call ? code.replace(call, (found) => `/*#__PURE__*/${found}`) : code;
      if (marked === code) throw new Error(`pureCaslMatcher: no createFactory call in ${id}`);
      return { code: marked, map: null };
    },
  };
}

/**
 * Modules without side effects on import though nothing says so: Rollup then leaves out what
 * of their barrel nothing uses. Else `@rjsf/utils` (one id helper on a list page) brings
 * lodash and JSON-schema merging (~40 kB gzip) into the list page, and the runtime's public
 * surface (`src/resources/index.ts`, one pure helper in the menus) ~95 kB into the entry.
 */
const SIDE_EFFECT_FREE = [
  /[\\/]node_modules[\\/]@rjsf[\\/]utils[\\/]/,
  /[\\/]src[\\/]resources[\\/]index\.ts$/,
];

/** Rollup's `treeshake.moduleSideEffects`: as package.json says, except `SIDE_EFFECT_FREE`. */
export function hasSideEffects(id: string, external: boolean): boolean {
  return external || !SIDE_EFFECT_FREE.some((pattern) => pattern.test(id));
}

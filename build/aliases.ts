/** Build-only substitutions that make the browser's bundle smaller; tests and dev keep the originals. */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** A path of the repository's `node_modules/` or `src/`. */
const local = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** Drops the ICU parser: the catalogues come precompiled (`precompiledMessages`). */
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

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin, UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { hasSideEffects, productionAliases, pureCaslMatcher, slimIconNames } from './aliases';

/** The aliases a plugin's `config` hook adds. */
function aliases(plugin: Plugin): { find: RegExp; replacement: string }[] {
  const config = (plugin.config as () => UserConfig)();
  return config.resolve!.alias as { find: RegExp; replacement: string }[];
}

describe('productionAliases', () => {
  it("resolves the ICU parser to formatjs's no-parser stub, and nothing else", () => {
    const [parser, ...others] = aliases(productionAliases());
    expect(parser!.find.test('@formatjs/icu-messageformat-parser')).toBe(true);
    expect(parser!.find.test('@formatjs/icu-messageformat-parser-extra')).toBe(false);
    expect(parser!.replacement).toMatch(/no-parser\.js$/);
    expect(existsSync(parser!.replacement)).toBe(true);
    expect(others).toEqual([]);
  });
});

describe('slimIconNames', () => {
  const resolve = slimIconNames().resolveId as (source: string, importer?: string) => unknown;

  it("swaps Blueprint's list of icon names for the app's shim, and nothing else", () => {
    const shim = resolve('./iconNames', '/x/node_modules/@blueprintjs/icons/lib/esm/iconLoader.js');
    expect(shim).toMatch(/src[\\/]app[\\/]icons[\\/]icon-names-shim\.ts$/);
    expect(existsSync(shim as string)).toBe(true);
    expect(resolve('./iconNames', '/x/src/app/icons/index.ts')).toBeNull();
    expect(
      resolve('./other', '/x/node_modules/@blueprintjs/icons/lib/esm/iconLoader.js'),
    ).toBeNull();
  });
});

describe('hasSideEffects', () => {
  it('is false only for the modules declared free of them', () => {
    expect(hasSideEffects('/x/node_modules/@rjsf/utils/lib/index.js', false)).toBe(false);
    expect(hasSideEffects('/x/src/resources/index.ts', false)).toBe(false);
    expect(hasSideEffects('/x/src/resources/resource-page.tsx', false)).toBe(true);
    expect(hasSideEffects('react', true)).toBe(true);
  });
});

describe('pureCaslMatcher', () => {
  const transform = pureCaslMatcher().transform as (code: string, id: string) => unknown;
  const id = fileURLToPath(
    new URL('../node_modules/@casl/ability/dist/es6m/index.mjs', import.meta.url),
  );
  const casl = readFileSync(id, 'utf8');

  it("marks CASL's one call of ucast's createFactory as it loads pure, and nothing else", () => {
    const { code } = transform(casl, id) as { code: string };
    const pure = [...code.matchAll(/\/\*#__PURE__\*\/([\w$]+\()/g)].map(([, call]) => call);
    const factory = /\bcreateFactory as ([\w$]+)/.exec(casl)![1];
    expect(pure).toEqual([`${factory}(`]);
    expect(code.replace('/*#__PURE__*/', '')).toBe(casl);
  });

  it('leaves other modules alone, and fails the build when CASL no longer reads so', () => {
    expect(transform(casl, '/x/node_modules/@casl/react/dist/es6m/index.mjs')).toBeNull();
    expect(() => transform('export const a = 1;', id)).toThrow(/no createFactory call/);
  });
});

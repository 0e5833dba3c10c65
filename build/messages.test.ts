import { TYPE } from '@formatjs/icu-messageformat-parser';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  CARRIED_MESSAGES,
  CATALOGUE,
  compileCatalogue,
  messagesByChunk,
  shippedMessages,
} from './messages';

describe('the catalogues', () => {
  it('are the app’s, the generated and the overrides’ JSON files, nothing else', () => {
    expect(CATALOGUE.test('/r/locales/cs.json')).toBe(true);
    expect(CATALOGUE.test('/r/locales/generated/customers/en.json')).toBe(true);
    expect(CATALOGUE.test('/r/overrides/invoices/cs.json')).toBe(true);
    expect(CATALOGUE.test('/r/overrides/invoices/data.json')).toBe(false);
    expect(CATALOGUE.test('/r/package.json')).toBe(false);
  });

  it('are shipped compiled to ICU ASTs', () => {
    const compiled = JSON.parse(compileCatalogue('{"a":"Hi {name}"}')) as Record<string, unknown>;
    expect(compiled.a).toEqual([
      { type: TYPE.literal, value: 'Hi ' },
      { type: TYPE.argument, value: 'name' },
    ]);
  });
});

/** A chunk as Rollup renders it: its modules' code by id, the chunks it imports. */
function chunk(
  modules: Record<string, string>,
  { isEntry = false, imports = [] as string[] } = {},
): Rollup.RenderedChunk {
  return {
    isEntry,
    imports,
    moduleIds: Object.keys(modules),
    modules: Object.fromEntries(
      Object.entries(modules).map(([id, code]) => [id, { code } as Rollup.RenderedModule]),
    ),
  } as Rollup.RenderedChunk;
}

describe('messagesByChunk', () => {
  const ids = new Set([
    'a.entry',
    'a.shared',
    'a.signed',
    'a.dialog',
    'a.none',
    'a.run.x',
    'a.run.y',
  ]);
  const chunks = {
    'index.js': chunk(
      { '/r/src/main.tsx': `f("a.entry")` },
      { isEntry: true, imports: ['shared.js'] },
    ),
    'shared.js': chunk({ '/r/src/shared.ts': "f('a.shared')" }),
    'signed-in.js': chunk({ '/r/src/app/layout/shell.tsx': 'f(`a.signed`)' }),
    'dialog.js': chunk({ '/r/src/dialog.tsx': `f("a.dialog"); f("a.entry"); f("a.dialogue")` }),
    'popover.js': chunk({ '/r/src/popover.tsx': `f('a.dialog')` }, { imports: ['shared.js'] }),
    // Quoted here, and made at run time elsewhere: either way (template, concatenation).
    'settings.js': chunk({ '/r/src/settings.tsx': 'f("a.run.x"); g(`a.run.${k}`)' }),
    'report.js': chunk({ '/r/src/report.tsx': `f("a.run.y"); g('a.run.' + k)` }),
    'cs.js': chunk({ '/r/locales/cs.json': `{"a.entry":[],"a.dialog":[],"a.none":[]}` }),
  };

  it("keeps in the app's catalogue the ids the first page's chunks quote, those no chunk quotes and those made at run time", () => {
    expect([...messagesByChunk(chunks, ids).early].sort()).toEqual([
      'a.entry',
      'a.none',
      'a.run.x',
      'a.run.y',
      'a.shared',
      'a.signed',
    ]);
  });

  it('has every other chunk carry the other ids it quotes (catalogues are not code)', () => {
    expect(messagesByChunk(chunks, ids).carried).toEqual(
      new Map([
        ['dialog.js', ['a.dialog']],
        ['popover.js', ['a.dialog']],
      ]),
    );
  });
});

describe('shippedMessages, in a build', () => {
  it("ships the app's catalogue without the messages a chunk loaded later carries in both languages", async () => {
    const root = mkdtempSync(join(tmpdir(), 'joule-messages-'));
    mkdirSync(join(root, 'locales'));
    const write = (path: string, text: unknown) =>
      writeFileSync(join(root, path), typeof text === 'string' ? text : JSON.stringify(text));
    write('locales/cs.json', { 'app.first': 'První', 'app.later': 'Později {n}' });
    write('locales/en.json', { 'app.first': 'First', 'app.later': 'Later {n}' });
    write(
      'main.js',
      `const files = import.meta.glob('./locales/*.json', { import: 'default' });
       globalThis.app = ['app.first', () => import('./later.js'), files['./locales/cs.json']];`,
    );
    write('later.js', `globalThis.later = 'app.later';`);
    const output = (await build({
      root,
      logLevel: 'silent',
      configFile: false,
      plugins: [shippedMessages()],
      build: { write: false, minify: false, rollupOptions: { input: join(root, 'main.js') } },
    })) as Rollup.RollupOutput;
    rmSync(root, { recursive: true, force: true });
    const code = (name: RegExp) =>
      output.output.find(
        (item): item is Rollup.OutputChunk => item.type === 'chunk' && name.test(item.fileName),
      )!.code;
    const carried: unknown[] = [];
    const run = new Function('globalThis', code(/^assets\/later-/));
    run({ [CARRIED_MESSAGES]: carried });
    expect(carried).toEqual([
      {
        cs: {
          'app.later': [
            { type: 0, value: 'Později ' },
            { type: 1, value: 'n' },
          ],
        },
        en: {
          'app.later': [
            { type: 0, value: 'Later ' },
            { type: 1, value: 'n' },
          ],
        },
      },
    ]);
    const catalogue = async (lang: string) =>
      (
        (await import(
          `data:text/javascript,${encodeURIComponent(code(new RegExp(`^assets/${lang}-`)))}`
        )) as { default: unknown }
      ).default;
    expect(await catalogue('cs')).toEqual({ 'app.first': [{ type: 0, value: 'První' }] });
    expect(await catalogue('en')).toEqual({ 'app.first': [{ type: 0, value: 'First' }] });
  });
});

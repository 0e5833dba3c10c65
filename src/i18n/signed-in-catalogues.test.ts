import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSignedInCatalogue } from './signed-in-catalogues';

const locales = join(__dirname, '../../locales');
const read = (path: string): Record<string, string> =>
  JSON.parse(readFileSync(join(locales, path), 'utf8')) as Record<string, string>;
/** The messages of the overrides in `folders` (every folder when left out), merged. */
const overrides = (lang: string, folders?: string[]): Record<string, string> =>
  Object.assign(
    {},
    ...readdirSync(join(__dirname, '../../overrides'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && (!folders || folders.includes(entry.name)))
      .map((entry) => join(entry.parentPath, entry.name, `${lang}.json`))
      .filter((path) => existsSync(path))
      .sort()
      .map((path) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>),
  );
const resources = readdirSync(join(locales, 'generated'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe.each(['cs', 'en'] as const)('loadSignedInCatalogue, %s', (lang) => {
  it("step 2: the resources' names, the labels of the pages shown and their overrides' messages", async () => {
    const catalogue = await loadSignedInCatalogue(lang, false, ['customers', 'fuses']);
    expect(catalogue).toEqual({
      ...read(`generated/${lang}.json`),
      ...read(`generated/customers/${lang}.json`),
      ...read(`generated/fuses/${lang}.json`),
      ...overrides(lang, ['customers', 'fuses']),
    });
    // Not another override's (a resource without one has none).
    expect(Object.keys(overrides(lang, ['invoices'])).some((id) => id in catalogue)).toBe(false);
    expect(await loadSignedInCatalogue(lang, false, ['addresses'])).toEqual({
      ...read(`generated/${lang}.json`),
      ...read(`generated/addresses/${lang}.json`),
    });
  });

  it("step 3: every resource's labels and every override's messages, from their one lazy chunk", async () => {
    const catalogue = await loadSignedInCatalogue(lang, true, []);
    expect(resources.length).toBeGreaterThan(10);
    expect(catalogue).toEqual({
      ...read(`generated/${lang}.json`),
      ...Object.assign({}, ...resources.map((name) => read(`generated/${name}/${lang}.json`))),
      ...overrides(lang),
    });
  });
});

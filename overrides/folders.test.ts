/**
 * With a resource's page the catalogue loads the messages of `overrides/<resource>/` only; every
 * override's come with the first code loaded on first use (src/i18n/signed-in-catalogues.ts,
 * docs/extending.md "Messages"). So each resource's override is the one its folder's index
 * exports, and what its list shows at once is written in that folder's cs.json and en.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { overrides } from '.';

const indexes = import.meta.glob<Record<string, unknown>>('./*/index.{ts,tsx}', { eager: true });
const messages = (folder: string, lang: string): Record<string, string> =>
  JSON.parse(readFileSync(join(__dirname, folder, `${lang}.json`), 'utf8')) as Record<
    string,
    string
  >;
const app = (lang: string) => messages('../locales', lang);

describe.each(Object.keys(overrides))('the override of %s', (name) => {
  it(`is exported by overrides/${name}/`, () => {
    const folder = Object.keys(indexes).find((path) => path.startsWith(`./${name}/index.`));
    expect(folder, `overrides/${name}/index.ts`).toBeDefined();
    expect(Object.values(indexes[folder!]!)).toContain(overrides[name]);
  });

  it.each(['cs', 'en'])('names its columns in its own folder (or the app), %s', (lang) => {
    const headers = Object.values(overrides[name]!.cells ?? {}).flatMap((cell) =>
      cell.header ? [cell.header] : [],
    );
    const known = { ...app(lang), ...(headers.length > 0 ? messages(name, lang) : {}) };
    for (const header of headers) expect(known, header).toHaveProperty([header]);
  });
});

/**
 * Whole-output tests: codegen of the DRF fixture (`tests/fixtures/drf/`, what drf-spectacular
 * 0.27 and DRF SimpleMetadata emit for ordinary ModelViewSets, no Joule extensions) against
 * snapshot files, plus determinism and robustness on odd documents.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readFileMap } from '../lib/files';
import { generate } from './generate';
import { GENERATED_HEADER } from './header';
import { parseSchemaFiles } from './schema-input';

const fixtureDir = fileURLToPath(new URL('../../tests/fixtures/drf', import.meta.url));

describe('codegen of the DRF fixture', async () => {
  const input = parseSchemaFiles(await readFileMap(fixtureDir));
  const files = await generate(input);
  const all = [
    ...[...files.generated].map(([path, text]) => [`src/generated/${path}`, text] as const),
    ...[...files.locales].map(([path, text]) => [`locales/generated/${path}`, text] as const),
  ];

  it('writes the expected files', () => {
    expect(all.map(([path]) => path)).toEqual([
      'src/generated/api.d.ts',
      'src/generated/descriptor-types.ts',
      'src/generated/descriptors.ts',
      'src/generated/validators/index.ts',
      'src/generated/validators/runtime.ts',
      'src/generated/validators/contracts.ts',
      'src/generated/validators/customers.ts',
      'src/generated/validators/measurements.ts',
      'src/generated/validators/roles.ts',
      'src/generated/validators/tariffdevices.ts',
      'src/generated/validators/users.ts',
      'locales/generated/en.json',
      'locales/generated/cs.json',
    ]);
  });

  it.each(all)('%s matches its snapshot', async (path, text) => {
    await expect(text).toMatchFileSnapshot(`../__snapshots__/drf/${path}.snap`);
  });

  it.each(all.filter(([path]) => path.endsWith('.ts')))(
    '%s starts with the header line',
    (_path, text) => {
      expect(text.split('\n')[0]).toBe(GENERATED_HEADER);
    },
  );

  it('is deterministic: same input, same bytes', async () => {
    const again = await generate(parseSchemaFiles(await readFileMap(fixtureDir)));
    expect([...again.generated]).toEqual([...files.generated]);
    expect([...again.locales]).toEqual([...files.locales]);
  });

  it('gives every message id a descriptor carries a text in both languages', () => {
    const ids = new Set<string>();
    const text = files.generated.get('descriptors.ts') ?? '';
    for (const match of text.matchAll(/'(resource\.[^']+)'/g)) if (match[1]) ids.add(match[1]);
    expect(ids.size).toBeGreaterThan(50);
    for (const lang of ['en.json', 'cs.json']) {
      const catalogue = JSON.parse(files.locales.get(lang) ?? '{}') as Record<string, string>;
      expect([...ids].filter((id) => !(id in catalogue))).toEqual([]);
    }
  });
});

describe.each<[string, Record<string, string>]>([
  [
    'an empty document',
    { 'openapi.json': '{"openapi":"3.0.3","info":{"title":"x","version":"1"},"paths":{}}' },
  ],
  [
    'a list whose answer has no schema, OPTIONS garbage',
    {
      'openapi.json': JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'x', version: '1' },
        paths: {
          '/things/': {
            get: { operationId: 'things_list', responses: { '200': { description: '' } } },
          },
        },
      }),
      'options/en/things.json': '[1,2,3]',
      'options/cs/things.json': '{"actions":{"POST":{"x":{"type":42}}}}',
    },
  ],
])('codegen of %s', (_name, given) => {
  it('does not crash and still writes every file', async () => {
    const files = await generate(parseSchemaFiles(new Map(Object.entries(given))));
    expect([...files.generated.keys()]).toEqual([
      'api.d.ts',
      'descriptor-types.ts',
      'descriptors.ts',
      'validators/index.ts',
      'validators/runtime.ts',
      ...(_name === 'an empty document' ? [] : ['validators/things.ts']),
    ]);
    expect([...files.locales.keys()]).toEqual(['en.json', 'cs.json']);
  });
});

describe('parseSchemaFiles', () => {
  it('requires openapi.json', () => {
    expect(() => parseSchemaFiles(new Map())).toThrow(/openapi.json is missing/);
  });

  it('names a file that is not JSON', () => {
    expect(() =>
      parseSchemaFiles(
        new Map([
          ['openapi.json', '{'],
          ['x', ''],
        ]),
      ),
    ).toThrow(/openapi.json is not JSON/);
  });
});

/**
 * Whole-output tests: codegen of the DRF fixture (`tests/fixtures/drf/`, what drf-spectacular
 * 0.27 and DRF SimpleMetadata emit for ordinary ModelViewSets, no Joule extensions) against
 * snapshot files, plus determinism and robustness on odd documents.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { FieldDescriptor, ResourceDescriptor } from '../descriptor-types';
import { readFileMap } from '../lib/files';
import { apiFeaturesOf, compactField } from './descriptors-source';
import { buildResources, generate, splitCatalogue } from './generate';
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
      'locales/generated/contracts/en.json',
      'locales/generated/contracts/cs.json',
      'locales/generated/customers/en.json',
      'locales/generated/customers/cs.json',
      'locales/generated/measurements/en.json',
      'locales/generated/measurements/cs.json',
      'locales/generated/roles/en.json',
      'locales/generated/roles/cs.json',
      'locales/generated/tariffdevices/en.json',
      'locales/generated/tariffdevices/cs.json',
      'locales/generated/users/en.json',
      'locales/generated/users/cs.json',
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
    // Every `resource.…` string of the descriptors as the runtime gets them (descriptors.ts
    // writes the field labels it can derive without them).
    const ids = new Set<string>();
    const collect = (value: unknown): void => {
      if (typeof value === 'string' && value.startsWith('resource.')) ids.add(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    collect(buildResources(input).map((model) => model.descriptor));
    expect(ids.size).toBeGreaterThan(50);
    for (const lang of ['en.json', 'cs.json']) {
      const catalogue = Object.assign(
        {},
        ...[...files.locales]
          .filter(([path]) => path.endsWith(lang))
          .map(([, text]) => JSON.parse(text) as Record<string, string>),
      ) as Record<string, string>;
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
    expect([...files.locales.keys()].slice(0, 2)).toEqual(['en.json', 'cs.json']);
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

describe('splitCatalogue (the labels a page loads with its resource)', () => {
  it.each<
    [
      string,
      {
        given: Record<string, string>;
        names: Record<string, string>;
        byResource: [string, Record<string, string>][];
      },
    ]
  >([
    [
      'names apart, the rest per resource',
      {
        given: {
          'resource.a.create': 'New A',
          'resource.a.field.x.label': 'X',
          'resource.a.title': 'As',
          'resource.b-c.field.y.choice.z': 'Z',
          'resource.b-c.singular': 'BC',
        },
        names: {
          'resource.a.create': 'New A',
          'resource.a.title': 'As',
          'resource.b-c.singular': 'BC',
        },
        byResource: [
          ['a', { 'resource.a.field.x.label': 'X' }],
          ['b-c', { 'resource.b-c.field.y.choice.z': 'Z' }],
        ],
      },
    ],
    [
      'ids outside the scheme with the names',
      { given: { 'other.id': 'O' }, names: { 'other.id': 'O' }, byResource: [] },
    ],
  ])('%s', (_name, { given, names, byResource }) => {
    const split = splitCatalogue(given);
    expect(split.names).toEqual(names);
    expect([...split.byResource]).toEqual(byResource);
  });
});

describe('descriptors.ts (fields written without what follows from their names)', async () => {
  const input = parseSchemaFiles(await readFileMap(fixtureDir));
  const files = await generate(input);

  it('gives the runtime the very descriptors codegen made, forms aside', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'joule-descriptors-'));
    try {
      for (const name of ['descriptors.ts', 'descriptor-types.ts'])
        await writeFile(join(dir, name), files.generated.get(name) ?? '');
      const generated = (await import(join(dir, 'descriptors.ts'))) as {
        descriptors: readonly ResourceDescriptor[];
      };
      const made = buildResources(input).map(
        ({ descriptor: { formSchema: _schema, uiSchema: _ui, ...rest } }) => rest,
      );
      expect(generated.descriptors).toEqual(made);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('compactField', () => {
  it.each<[string, { given: FieldDescriptor; want: Record<string, unknown> }]>([
    [
      'derived label, false flags and choice labels left out',
      {
        given: {
          name: 'type',
          kind: 'choice',
          label: 'resource.r.field.type.label',
          required: true,
          readOnly: false,
          nullable: false,
          choices: [
            { value: 'a', label: 'resource.r.field.type.choice.a' },
            { value: 1, label: 'resource.r.field.type.choice.1' },
          ],
        },
        want: { name: 'type', kind: 'choice', required: true, choices: ['a', 1] },
      },
    ],
    [
      'a label of its own, a grouped choice kept',
      {
        given: {
          name: 'x',
          kind: 'choice',
          label: 'resource.other.field.x.label',
          required: false,
          readOnly: true,
          nullable: true,
          choices: [{ value: 'a', label: 'resource.r.field.x.choice.a', group: 'g' }],
        },
        want: {
          name: 'x',
          kind: 'choice',
          label: 'resource.other.field.x.label',
          readOnly: true,
          nullable: true,
          choices: [{ value: 'a', label: 'resource.r.field.x.choice.a', group: 'g' }],
        },
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(compactField('r', given)).toEqual(want);
  });
});

describe('apiFeaturesOf', () => {
  it('reads every feature from one pass over the paths (a map’s keys are read once)', () => {
    const paths = new Map([
      ['/api/v1/auth/me/preferences/', 1],
      ['/api/v1/auth/me/views/', 1],
    ]);
    expect(apiFeaturesOf(paths.keys())).toEqual({ userPreferences: true, savedViews: true });
    expect(apiFeaturesOf(['/api/v1/customers/'])).toEqual({
      userPreferences: false,
      savedViews: false,
    });
  });
});

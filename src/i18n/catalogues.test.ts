import { describe, expect, it } from 'vitest';
import {
  catalogueLayers,
  loadedMessages,
  loadMessages,
  mergeCatalogues,
  resourceLabelsWanted,
  wantResourceLabels,
} from './catalogues';

describe('catalogueLayers (docs/product.md §1: English is the fallback, settled by codegen)', () => {
  it.each([
    ['cs', ['cs']],
    ['en', ['en']],
  ] as const)('%s → %j', (lang, want) => {
    expect(catalogueLayers(lang)).toEqual(want);
  });
});

describe('mergeCatalogues', () => {
  it.each<[string, { layers: Record<string, string>[]; want: Record<string, string> }]>([
    ['later layers win', { layers: [{ a: 'en' }, { a: 'cs' }], want: { a: 'cs' } }],
    [
      'missing ids fall through',
      { layers: [{ a: 'A', b: 'B' }, { a: 'á' }], want: { a: 'á', b: 'B' } },
    ],
    [
      'hand-written over generated',
      { layers: [{ t: 'generated' }, { t: 'written' }], want: { t: 'written' } },
    ],
    ['nothing', { layers: [], want: {} }],
  ])('%s', (_name, { layers, want }) => {
    expect(mergeCatalogues(layers)).toEqual(want);
  });
});

describe('loadMessages', () => {
  it('loads each language complete from locales/', async () => {
    const cs = await loadMessages('cs');
    const en = await loadMessages('en');
    expect(cs['app.name']).toBe('Joule');
    expect(cs['app.login.title']).toBe('Přihlášení');
    expect(en['app.login.title']).toBe('Login');
    // Every English id is there in Czech too: nothing needs English beneath Czech.
    expect(Object.keys(en).filter((id) => !(id in cs))).toEqual([]);
  });

  it('loads each language once', () => {
    expect(loadMessages('en')).toBe(loadMessages('en'));
  });
});

describe('the generated labels and the overrides\' messages (README "How the pages stay small")', () => {
  it('join the catalogue only once the signed-in app wants them', async () => {
    const messages = await loadMessages('cs');
    expect(messages['app.login.title']).toBe('Přihlášení');
    expect(messages['resource.customers.title']).toBeUndefined();
    expect(messages['overrides.invoices.lines']).toBeUndefined();
    expect(resourceLabelsWanted()).toBe(false);

    const withLabels = await wantResourceLabels();
    expect(resourceLabelsWanted()).toBe(true);
    expect(withLabels['resource.customers.title']).toBe('Zákazníci');
    expect(withLabels['overrides.invoices.lines']).toBe('Položky');
    // The hand-written messages still win over the generated labels.
    expect(withLabels['app.login.title']).toBe('Přihlášení');
    expect(await loadMessages('cs')).toBe(withLabels);
    expect(loadedMessages('cs')).toBe(withLabels);
    expect((await loadMessages('en'))['resource.customers.title']).toBe('Customers');
  });
});

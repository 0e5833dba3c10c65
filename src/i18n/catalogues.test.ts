import { describe, expect, it } from 'vitest';
import {
  catalogueLayers,
  loadedMessages,
  loadMessages,
  mergeCatalogues,
  resourceLabelsWanted,
  subscribeCatalogues,
  wantLazyMessages,
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

describe('the generated labels and the overrides\' messages (docs/architecture.md "How the pages stay small")', () => {
  it('join the catalogue only once the signed-in app wants them', async () => {
    const messages = await loadMessages('cs');
    expect(messages['app.login.title']).toBe('Přihlášení');
    expect(messages['resource.customers.title']).toBeUndefined();
    expect(messages['overrides.invoices.lines']).toBeUndefined();
    expect(resourceLabelsWanted()).toBe(false);

    const withLabels = await wantResourceLabels();
    expect(resourceLabelsWanted()).toBe(true);
    expect(withLabels['resource.customers.title']).toBe('Zákazníci');
    // A resource's own labels (fields, choices) and its override's messages come with its page.
    expect(withLabels['resource.customers.field.customer_no.label']).toBeUndefined();
    expect(withLabels['overrides.invoices.lines']).toBeUndefined();
    // The app's messages, those of code loaded on first use too.
    expect(withLabels['app.resources.boundFrom']).toBe('od');
    // The hand-written messages still win over the generated labels.
    expect(withLabels['app.login.title']).toBe('Přihlášení');
    expect(await loadMessages('cs')).toBe(withLabels);
    expect(loadedMessages('cs')).toBe(withLabels);
    expect((await loadMessages('en'))['resource.customers.title']).toBe('Customers');
  });

  it("bring a resource's own labels and its override's messages once its page wants them", async () => {
    const withCustomers = await wantResourceLabels(['customers']);
    expect(withCustomers['resource.customers.field.customer_no.label']).toBe('Číslo zákazníka');
    expect(withCustomers['overrides.customers.privacy']).toBe('Osobní údaje');
    expect(withCustomers['resource.contracts.field.contract_no.label']).toBeUndefined();
    expect(withCustomers['overrides.invoices.lines']).toBeUndefined();
    expect(withCustomers['resource.contracts.title']).toBe('Smlouvy');
    expect(loadedMessages('cs')).toBe(withCustomers);
  });
});

describe('the messages of code loaded on first use (docs/architecture.md "How the pages stay small")', () => {
  it('join the catalogue once wanted, its subscribers told before the promise resolves', async () => {
    await wantResourceLabels();
    const told: (string | undefined)[] = [];
    const stop = subscribeCatalogues(() =>
      told.push(loadedMessages('cs')?.['resource.contracts.field.contract_no.label']),
    );
    const withLazy = await wantLazyMessages();
    stop();
    expect(withLazy['overrides.reports.amount']).toBe('Částka (Kč)');
    expect(withLazy['app.resources.boundFrom']).toBe('od');
    // The labels and the app's messages are still there.
    expect(withLazy['resource.customers.title']).toBe('Zákazníci');
    expect(withLazy['overrides.invoices.lines']).toBe('Položky');
    // Every resource's labels.
    expect(withLazy['resource.contracts.field.contract_no.label']).toBe('Číslo smlouvy');
    expect(withLazy['app.login.title']).toBe('Přihlášení');
    // Told once when wanted (not loaded yet), once loaded.
    expect(told).toEqual([undefined, 'Číslo smlouvy']);
    expect(loadedMessages('cs')).toBe(withLazy);
    // Never undone: wanting the labels again keeps them.
    expect(await wantResourceLabels()).toBe(withLazy);
  });
});

describe('the app\'s messages a chunk of the build carries (docs/architecture.md "How the pages stay small")', () => {
  it('join every catalogue loaded, in place, and every one loaded later, in its language', async () => {
    const cs = await loadMessages('cs');
    globalThis.__jouleMessages!.push({
      cs: { 'app.test.carried': 'Nesený' },
      en: { 'app.test.carried': 'Carried' },
    });
    expect(cs['app.test.carried']).toBe('Nesený');
    expect(loadedMessages('en')).toBeUndefined();
    expect((await loadMessages('en'))['app.test.carried']).toBe('Carried');
  });
});

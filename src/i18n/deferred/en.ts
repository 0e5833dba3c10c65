/**
 * English files of the deferred catalogue (src/i18n/signed-in-catalogues.ts, step 3), in one
 * chunk: every resource's labels, the overrides' deferred messages and the runtime's dialog
 * messages. Path → message id → ICU message text. The query gives these files module ids of
 * their own, so that this chunk holds them all instead of importing the per-resource chunks
 * a list page loads one by one.
 */
export default import.meta.glob<Readonly<Record<string, string>>>(
  [
    '../../../locales/generated/*/en.json',
    '../../../locales/overrides/deferred/en.json',
    '../../../locales/deferred/en.json',
  ],
  { eager: true, query: '?deferred', import: 'default' },
);

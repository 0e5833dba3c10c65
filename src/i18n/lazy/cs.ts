/**
 * Czech files of the lazy catalogue (src/i18n/signed-in-catalogues.ts, step 3), in one
 * chunk: every resource's labels and every override's messages. Path → message id → ICU
 * message text. The query gives these files module ids of their own, so that this chunk holds
 * them all instead of importing the per-resource and per-folder chunks a list page loads one
 * by one.
 */
export const labels = import.meta.glob<Readonly<Record<string, string>>>(
  '../../../locales/generated/*/cs.json',
  { eager: true, query: '?lazy', import: 'default' },
);

export const overrides = import.meta.glob<Readonly<Record<string, string>>>(
  '../../../overrides/*/cs.json',
  { eager: true, query: '?lazy', import: 'default' },
);

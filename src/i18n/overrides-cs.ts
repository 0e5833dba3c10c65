/**
 * The overrides' messages in Czech (`overrides/<folder>/cs.json`), in one chunk
 * loaded with the signed-in app (src/i18n/signed-in-catalogues.ts, step 2): path → message
 * id → ICU message text.
 */
export default import.meta.glob<Readonly<Record<string, string>>>('../../overrides/*/cs.json', {
  eager: true,
  import: 'default',
});

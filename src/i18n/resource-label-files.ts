/**
 * The loaders of each resource's generated labels (`locales/generated/<resource>/<lang>.json`,
 * by path), in a chunk of their own that only the signed-in app loads
 * (src/i18n/catalogues.ts): the login page's entry does without this map of some fifty
 * chunks.
 */
export const resourceLabelFiles: Record<string, () => Promise<unknown>> = import.meta.glob(
  '../../locales/generated/*/*.json',
  { import: 'default' },
);

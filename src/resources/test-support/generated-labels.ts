/**
 * The generated labels of a language as a test needs them: the resources' names
 * (`locales/generated/<lang>.json`) and every resource's labels
 * (`locales/generated/<resource>/<lang>.json`) in one catalogue, as the app has them once
 * code loaded on first use has wanted them all (src/i18n/catalogues.ts).
 */
const files = import.meta.glob<Record<string, string>>('../../../locales/generated/**/*.json', {
  eager: true,
  import: 'default',
});

/** Every generated label of `lang`, message id → text. */
export function generatedLabels(lang: 'cs' | 'en'): Record<string, string> {
  return Object.assign(
    {},
    ...Object.entries(files)
      .filter(([path]) => path.endsWith(`/${lang}.json`))
      .map(([, messages]) => messages),
  ) as Record<string, string>;
}

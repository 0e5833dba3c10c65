/**
 * Bilingual text: every label and message the API produces exists in English and Czech
 * (docs/api.md "Base, format, auth").
 */

/** A language the API answers in. English is the default and the fallback. */
export type Lang = 'en' | 'cs';

/** One piece of text in both languages. */
export interface Text {
  readonly en: string;
  readonly cs: string;
}

/** Builds a {@link Text}; reads better than an object literal in long catalogues. */
export function text(en: string, cs: string): Text {
  return { en, cs };
}

/** True for a plain `{en, cs}` object, the leaf of a localizable JSON body. */
export function isText(value: unknown): value is Text {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length === 2 &&
    typeof (value as Text).en === 'string' &&
    typeof (value as Text).cs === 'string'
  );
}

/** JSON whose string leaves may still be {@link Text}, rendered per request by {@link localize}. */
export type LocalizableJson =
  | string
  | number
  | boolean
  | null
  | Text
  | readonly LocalizableJson[]
  | { readonly [key: string]: LocalizableJson };

/** Replaces every {@link Text} leaf by its string in `lang`. */
export function localize(value: LocalizableJson, lang: Lang): unknown {
  if (isText(value)) return value[lang];
  if (Array.isArray(value)) return value.map((item: LocalizableJson) => localize(item, lang));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = localize(item, lang);
    return out;
  }
  return value;
}

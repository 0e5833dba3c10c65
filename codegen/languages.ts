/** UI languages whose labels codegen pulls and writes (docs/product.md §1: Czech and English). */
export const LANGUAGES = ['en', 'cs'] as const;

/** One UI language. */
export type Language = (typeof LANGUAGES)[number];

/** The fallback language (docs/product.md §1: "English is the fallback"). */
export const FALLBACK_LANGUAGE: Language = 'en';

/** UI languages whose labels codegen pulls and writes (SPEC §1: Czech and English). */
export const LANGUAGES = ['en', 'cs'] as const;

/** One UI language. */
export type Language = (typeof LANGUAGES)[number];

/** The fallback language (SPEC §1: "English is the fallback"). */
export const FALLBACK_LANGUAGE: Language = 'en';

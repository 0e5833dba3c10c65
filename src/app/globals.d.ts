/** Release constants set by Vite's `define` (vite.config.ts). */
declare const __JOULE_RELEASE__: string;
declare const __JOULE_RELEASE_TAG__: string;

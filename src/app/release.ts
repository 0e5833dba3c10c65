/**
 * The build's release (docs/product.md §2 About dialog), set by Vite's `define` in vite.config.ts.
 */
export const release = {
  /** package.json's version, or `JOULE_RELEASE` at build time. */
  version: __JOULE_RELEASE__,
  /** `git describe` at build time, or `JOULE_RELEASE_TAG`; '' when unknown. */
  tag: __JOULE_RELEASE_TAG__,
} as const;

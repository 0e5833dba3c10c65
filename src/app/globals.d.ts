/** Release constants set by Vite's `define` (vite.config.ts). */
declare const __JOULE_RELEASE__: string;
declare const __JOULE_RELEASE_TAG__: string;

/** Build-time settings read from `import.meta.env` (Vite, `VITE_` prefix). */
interface ImportMetaEnv {
  /** Sentry DSN of the SPA; unset: no error reporting (src/app/error-reporting.ts). */
  readonly VITE_SENTRY_DSN?: string;
}

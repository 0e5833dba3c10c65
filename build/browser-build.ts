import type { Plugin } from 'vite';

/**
 * `apply` of the plugins that shape the browser's bundle only, not the server-side
 * rendering build (`vite build --ssr`, src/ssr/first-page.tsx), which runs on React in Node.
 */
export const browserBuild: Plugin['apply'] = (_config, { command, isSsrBuild }) =>
  command === 'build' && !isSsrBuild;

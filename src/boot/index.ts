/** Public surface of `src/boot`: the SPA's start-up (docs/architecture.md "First page"). */
export { startApp } from './start';
export { RECOVERABLE_ERROR_PREFIX } from './root-options';

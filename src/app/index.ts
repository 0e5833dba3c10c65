/** Public surface of `src/app` (STYLE.md convention 5). */
export { App } from './app';
export type { AppProps } from './app';
export { startApp } from './bootstrap';
export { buildMenus, appSettingsEntry } from './menus';
export type { MenuEntry, Menus } from './menus';
export { AppProviders } from './providers';
export type { AppProvidersProps } from './providers';
export { loadResourceRegistry } from './registry';
export type { LoadRegistry, ResourceRegistry, ResourceScreenProps } from './registry';
export {
  SHELL_ROUTE_ID,
  createAppRouter,
  createResourceRoutePatcher,
  createRoutes,
} from './routes';
export type { AppRouteOptions, AppRouter, AppRouterOptions, ShellData } from './routes';
export { applyTheme } from './theme';
export { pageTitle } from './title';
export type { RouteHandle } from './title';

import type { DehydratedState } from '@tanstack/react-query';
import type { Language } from '../i18n';
import { AppRouter } from '../resources';
import { AppProviders } from './providers';
import { Root } from './root';
import { ShellContext } from './shell-context';
import type { LoadShellRegistry, ShellRegistry } from './shell-registry';

export interface AppProps {
  /**
   * Language instead of the stored setting (tests).
   * @default the stored setting
   */
  language?: Language;
  /**
   * Loads descriptors and the resource screen (tests give their own).
   * @default loadShellRegistry
   */
  loadRegistry?: LoadShellRegistry;
  /**
   * A server-rendered page (src/ssr/first-page.tsx) and its hydration (src/boot/hydrate.tsx):
   * the registry already loaded, the queries the page was rendered with (TanStack Query's
   * `dehydrate`), and on the server the page's address. Its session is known: no check first.
   * @default none
   */
  firstPage?: {
    readonly registry: ShellRegistry;
    readonly dehydratedState?: DehydratedState;
    readonly ssrPath?: string;
  };
  /**
   * Called once the app has mounted or hydrated (a server-rendered page's early clicks and
   * field values are replayed then, src/boot/early-input.ts).
   * @default nothing
   */
  onReady?: () => void;
}

/**
 * The whole SPA: providers around the router. Once its first page has mounted, or the
 * server-rendered page has been hydrated, `<html>` carries `APP_READY_ATTRIBUTE` (root.tsx).
 */
export function App({ language, loadRegistry, firstPage, onReady }: AppProps) {
  return (
    <AppProviders language={language}>
      <ShellContext.Provider
        value={{
          loadRegistry,
          registry: firstPage?.registry,
          dehydratedState: firstPage?.dehydratedState,
        }}
      >
        <AppRouter ssrPath={firstPage?.ssrPath}>
          <Root sessionKnown={!!firstPage} onReady={onReady} />
        </AppRouter>
      </ShellContext.Provider>
    </AppProviders>
  );
}

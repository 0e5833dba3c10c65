/** What the app hands its signed-in shell (layout/shell.tsx). */
import { createContext } from 'react';
import type { DehydratedState } from '@tanstack/react-query';
import type { LoadShellRegistry, ShellRegistry } from './shell-registry';

/** The shell's registry: already loaded (a server-rendered page), or how to load it. */
export interface ShellContextValue {
  /** @default loadShellRegistry */
  readonly loadRegistry?: LoadShellRegistry;
  readonly registry?: ShellRegistry;
  /**
   * The queries a server-rendered page was rendered with, hydrated into the app's cache by
   * the shell (`HydrationBoundary`) on its first render.
   */
  readonly dehydratedState?: DehydratedState;
}

export const ShellContext = createContext<ShellContextValue>({});

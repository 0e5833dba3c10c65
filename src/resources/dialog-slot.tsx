import { Suspense, type ReactNode } from 'react';

/**
 * Where a list renders its record dialog (`LazyResourceDialog`), mounted with the list rather
 * than with the dialog. Open the dialog in a transition (a router navigation is one;
 * otherwise `startTransition`): while its code or messages still load, the page then stays as
 * it is and the dialog shows once ready. A boundary mounted with the dialog would commit its
 * placeholder first, and React then holds the dialog back until that placeholder has shown
 * for 300 ms (docs/speed.md). The placeholder is a hidden element, for tests to watch for.
 */
export function DialogSlot({ children }: { children: ReactNode }) {
  return <Suspense fallback={<span hidden data-dialog-loading="" />}>{children}</Suspense>;
}

import { createContext, useContext } from 'react';

/**
 * One dialog below which another was opened: what its breadcrumb says and where it lives
 * (its record URL, or none for a dialog kept in local state).
 */
export interface DialogCrumb {
  /** The dialog's short name: its resource and the row's title ("Contract S-2023-0007"). */
  readonly text: string;
  /** Its record URL (`/contracts/4` with the list's query), when it has one. */
  readonly href?: string;
}

/**
 * The dialogs the current one was opened from, outermost first (docs/product.md §2
 * "Screen contents": stacked dialogs show where they came from); empty at the first level.
 */
export const DialogTrailContext = createContext<readonly DialogCrumb[]>([]);

/** The dialogs the caller's dialog was opened from (empty for the first level). */
export function useDialogTrail(): readonly DialogCrumb[] {
  return useContext(DialogTrailContext);
}

import { expect } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/**
 * Opens a lazy popover (`lazy-popover.tsx`) by its target button's accessible name,
 * once the popover's code is here. The code loads on pointing at the button (or 1.5 s after
 * the page shows) and the button is then rendered anew inside the popover: a click aimed at
 * the node found before that would land on a detached element, so the button is found again.
 */
export async function openLazyPopover(
  user: ReturnType<typeof userEvent.setup>,
  name: string,
): Promise<void> {
  await user.hover(screen.getByRole('button', { name }));
  await waitFor(
    () => expect(screen.getByRole('button', { name }).getAttribute('aria-haspopup')).toBe('menu'),
    { timeout: 20_000 },
  );
  await user.click(screen.getByRole('button', { name }));
}

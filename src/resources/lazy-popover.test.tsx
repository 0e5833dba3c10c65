/** @vitest-environment jsdom */
import { PopoverNext } from '@blueprintjs/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LazyPopover,
  PRELOAD_POPOVER_AFTER_MS,
  type PopoverHostProps,
  type PopoverLoader,
} from './lazy-popover';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

interface PanelProps {
  readonly text: string;
}

/** Blueprint's real popover with a panel showing `text`. */
function Panel({ text, defaultIsOpen, children }: PanelProps & PopoverHostProps) {
  return (
    <PopoverNext content={<p>{text}</p>} defaultIsOpen={defaultIsOpen}>
      {children}
    </PopoverNext>
  );
}

/** A loader that counts its calls and can be told to fail. */
function loader(fail: () => boolean = () => false) {
  const load = vi.fn<PopoverLoader<PanelProps>>(async () => {
    if (fail()) throw new Error('offline');
    return Panel;
  });
  return load;
}

function renderMenu(load: PopoverLoader<PanelProps>, onClick = vi.fn()) {
  render(
    <LazyPopover<PanelProps> load={load} props={{ text: 'The panel' }}>
      <button type="button" onClick={onClick}>
        Menu
      </button>
    </LazyPopover>,
  );
  return screen.getByRole('button', { name: 'Menu' });
}

describe('LazyPopover', () => {
  it('shows the target without loading the popover, closed', () => {
    const load = loader();
    const target = renderMenu(load);
    expect(target.getAttribute('aria-expanded')).toBe('false');
    expect(target.parentElement?.className).toContain('bp6-popover-target');
    expect(load).not.toHaveBeenCalled();
  });

  it('loads and opens the popover on the first click, keeping the target’s own handler', async () => {
    const load = loader();
    const onClick = vi.fn();
    fireEvent.click(renderMenu(load, onClick));
    expect(await screen.findByText('The panel')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(onClick).toHaveBeenCalledTimes(1);
    // From then on it is Blueprint's popover: a click closes it.
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await vi.waitFor(() => expect(screen.queryByText('The panel')).toBeNull());
  });

  it('opens once loaded when pressed while loading', async () => {
    const load = loader();
    const target = renderMenu(load);
    fireEvent.pointerDown(target);
    expect(await screen.findByText('The panel')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads ahead when pointed at; the click then opens Blueprint’s popover', async () => {
    const load = loader();
    await userEvent.hover(renderMenu(load));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('The panel')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(await screen.findByText('The panel')).toBeTruthy();
  });

  it('loads ahead on focus, keeps the focus on the target and stays closed', async () => {
    const load = loader();
    const target = renderMenu(load);
    act(() => target.focus());
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // The target is rendered anew inside Blueprint's popover…
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Menu' })).not.toBe(target));
    // …and has the focus back.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.queryByText('The panel')).toBeNull();
  });

  it(`loads ahead ${PRELOAD_POPOVER_AFTER_MS} ms after it shows`, async () => {
    vi.useFakeTimers();
    const load = loader();
    renderMenu(load);
    act(() => vi.advanceTimersByTime(PRELOAD_POPOVER_AFTER_MS - 1));
    expect(load).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again on the next click when loading failed', async () => {
    let offline = true;
    const load = loader(() => offline);
    fireEvent.click(renderMenu(load));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('The panel')).toBeNull();
    offline = false;
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(await screen.findByText('The panel')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

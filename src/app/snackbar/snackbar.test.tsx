/** @vitest-environment jsdom */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.json';
import { SnackbarHost, showSnackbar, type SnackbarColor } from './snackbar';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderHost() {
  return render(
    <IntlProvider locale="en-US" messages={en}>
      <SnackbarHost />
    </IntlProvider>,
  );
}

const snackbar = () => document.querySelector<HTMLElement>('.joule-snackbar');

describe('snackbar (docs/product.md §4, §9)', () => {
  it('closes after 5000 ms by default', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderHost();
    act(() => showSnackbar({ message: 'Saved' }));
    await screen.findByText('Saved');
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText('Saved')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull());
  });

  it('closes after its own timeout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderHost();
    act(() => showSnackbar({ message: 'Quick', timeout: 1000 }));
    await screen.findByText('Quick');
    act(() => vi.advanceTimersByTime(1100));
    await waitFor(() => expect(screen.queryByText('Quick')).toBeNull());
  });

  it('closes by its button', async () => {
    renderHost();
    act(() => showSnackbar({ message: { id: 'app.settings.saved' } }));
    await screen.findByText('Settings saved.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Settings saved.')).toBeNull());
  });

  it.each<[SnackbarColor | undefined, string]>([
    [undefined, 'bp6-intent-primary'],
    ['notice', 'bp6-intent-primary'],
    ['success', 'bp6-intent-success'],
    ['warning', 'bp6-intent-warning'],
    ['danger', 'bp6-intent-danger'],
    ['error', 'bp6-intent-danger'],
  ])('colour %s → %s', async (color, intentClass) => {
    renderHost();
    act(() => showSnackbar({ message: `Colour ${color}`, color }));
    await screen.findByText(`Colour ${color}`);
    expect(snackbar()?.classList.contains(intentClass)).toBe(true);
  });

  it('a call before the host is mounted shows once it is', async () => {
    showSnackbar({ message: 'Early' });
    renderHost();
    expect(await screen.findByText('Early')).toBeTruthy();
  });
});

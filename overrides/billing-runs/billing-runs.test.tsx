/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  apiError,
  fakeRequest,
  renderWithProviders,
} from '../../src/resources/test-support/render';
import { descriptorsByName } from '../../src/generated/descriptors';
import { RunPanel, type RunProgress } from './run-panel';

const progress = (state: string): RunProgress => ({
  state,
  total: 10,
  done: 6,
  invoiced: 5,
  skipped: 1,
  failed: 2,
  cancelled: 0,
  remaining: 2,
  failures: [
    {
      contract: 3,
      contract_no: 'S-3',
      period_from: '2026-02-01',
      period_to: '2026-03-01',
      reasons: [
        {
          code: 'no_reading_after',
          point_id: 10,
          point_title: '859182400000000001 – Byt',
          device_id: 7,
          device_title: 'EM-0007',
          day: '2026-03-01',
          message:
            'Meter EM-0007 on 859182400000000001 – Byt has no reading after 2026-03-01 00:00.',
        },
      ],
    },
  ],
});

describe('the billing run panel', () => {
  it('shows progress, the failures linking to their contracts, and cancels', async () => {
    const { request, calls } = fakeRequest((call) => ({
      data: progress(call.method === 'POST' ? 'cancelled' : 'running'),
    }));
    renderWithProviders(
      <RunPanel descriptor={descriptorsByName['billing-runs']!} id={4} row={{ id: 4 }} />,
      { request, locale: 'en' },
    );
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(
      'Done 6 of 10 (invoiced 5, already invoiced 1) · failed 2 · remaining 2',
    );
    const bar = document.querySelector('.bp6-progress-meter, .bp5-progress-meter') as HTMLElement;
    expect(bar.style.width).toBe('80%');
    const link = screen.getByRole('link', { name: 'S-3' });
    expect(link.getAttribute('href')).toBe('/contracts/3');
    // The refusal names the meter and the point as links to their records, its day as dates show.
    expect(screen.getByRole('link', { name: 'EM-0007' }).getAttribute('href')).toBe(
      '/tariffdevices/7',
    );
    expect(
      screen.getByRole('link', { name: '859182400000000001 – Byt' }).getAttribute('href'),
    ).toBe('/points/10');
    expect(link.closest('li')!.textContent).toContain(
      'Meter EM-0007 on 859182400000000001 – Byt has no reading after Mar 1, 2026 00:00.',
    );
    // The period's first and last day (period_to is the day after), and the bar's name.
    expect(link.closest('li')!.textContent).toContain('(Feb 1, 2026 – Feb 28, 2026)');
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toBeTruthy();
    // Two failed, one listed: the rest are counted.
    expect(
      screen.getByText('1 more contract could not be billed (the first 1 are listed).'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the run' }));
    expect(
      calls.some((call) => call.method === 'POST' && call.path === '/billing-runs/4/cancel/'),
    ).toBe(true);
  });

  it('says why a cancel was refused, in Czech too', async () => {
    const { request } = fakeRequest((call) =>
      call.method === 'POST'
        ? apiError(400, { detail: 'Běh neprobíhá.' })
        : { data: { ...progress('running'), failed: 1 } },
    );
    renderWithProviders(
      <RunPanel descriptor={descriptorsByName['billing-runs']!} id={4} row={{ id: 4 }} />,
      { request, locale: 'cs' },
    );
    await screen.findByRole('status');
    expect(screen.getByRole('progressbar', { name: 'Průběh' })).toBeTruthy();
    expect(screen.queryByText(/Další/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Zrušit běh' }));
    expect(await screen.findByText('Běh nelze zrušit: Běh neprobíhá.')).toBeTruthy();
  });
});

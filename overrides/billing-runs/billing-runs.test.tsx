/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  apiError,
  fakeRequest,
  renderWithProviders,
} from '../../src/resources/test-support/render';
import { descriptorsByName } from '../../src/generated/descriptors';
import { mergeOverrides, ResourcePage } from '../../src/resources';
import { generatedLabels } from '../../src/resources/test-support/generated-labels';
import { overrides } from '../index';
import { RunPanel, type RunProgress } from './run-panel';
import type { ResourceEvent } from '../../src/resources';

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
      { request, locale: 'en', labels: generatedLabels('en') },
    );
    const status = await screen.findByRole('status');
    // The state as a badge, labelled as the list labels it.
    expect(screen.getByTestId('run-state').textContent).toBe('Running');
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
      'Meter EM-0007 on 859182400000000001 – Byt has no reading after 3/1/2026 00:00.',
    );
    // The period's first and last day (period_to is the day after), and the bar's name.
    expect(link.closest('li')!.textContent).toContain('(2/1/2026 – 2/28/2026)');
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

describe('a run followed to its end', () => {
  it('tells the bell how it ended once, also after its dialog was closed', async () => {
    let polled = 0;
    const { request } = fakeRequest(() => ({
      data:
        polled++ < 1
          ? progress('running')
          : { ...progress('done'), done: 8, remaining: 0, invoiced: 7 },
    }));
    const events: ResourceEvent[] = [];
    const { unmount } = renderWithProviders(
      <RunPanel descriptor={descriptorsByName['billing-runs']!} id={41} row={{ id: 41 }} />,
      { request, locale: 'en', labels: generatedLabels('en'), onEvent: (e) => events.push(e) },
    );
    expect((await screen.findByTestId('run-state')).textContent).toBe('Running');
    unmount();
    await waitFor(() => expect(events).toHaveLength(1), { timeout: 5_000 });
    expect(events[0]).toEqual({
      type: 'done',
      resource: 'billing-runs',
      bell: true,
      failed: true,
      message: 'Billing run #41 is done: 7 invoiced, 2 could not be billed.',
    });
    // Told once: the next polls of other observers do not tell it again.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(events).toHaveLength(1);
  });
});

describe("a done run's invoices", () => {
  it('are sent as a job on request, the dialog following the mailing to its end', async () => {
    const done = { ...progress('done'), failed: 0, failures: [], remaining: 0 };
    const waiting = { issued: 3, sent: 0, without_email: 1, remaining: 2 };
    let asked = false;
    let polls = 0;
    const { request, calls } = fakeRequest((call) => {
      if (call.method === 'POST') {
        asked = true;
        return { data: { ...done, sending: waiting }, status: 202 };
      }
      // Once asked, the second poll finds both mails sent.
      const sent = asked && ++polls >= 2;
      return {
        data: {
          ...done,
          sending: sent ? { ...waiting, sent: 2, remaining: 0 } : waiting,
        },
      };
    });
    renderWithProviders(
      <RunPanel descriptor={descriptorsByName['billing-runs']!} id={4} row={{ id: 4 }} />,
      { request, locale: 'en', labels: generatedLabels('en') },
    );
    const sending = await screen.findByTestId('run-sending');
    expect(sending.textContent).toBe(
      'Invoices sent: 0 of 3 · 1 customer has no e-mail for documents',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send 2 issued invoices by e-mail' }));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/billing-runs/4/send/',
    ]);
    expect(await screen.findByRole('progressbar', { name: 'Sending' })).toBeTruthy();
    await waitFor(
      () =>
        expect(screen.getByTestId('run-sending').textContent).toBe(
          'Invoices sent: 2 of 3 · 1 customer has no e-mail for documents',
        ),
      { timeout: 5_000 },
    );
    expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'Sending' })).toBeNull();
  });
});

describe('a new billing run', () => {
  it('shows its state and live progress right after it is created, without reopening', async () => {
    const merged = mergeOverrides(descriptorsByName, overrides);
    const row = {
      id: 9,
      month: '2026-01-01',
      state: 'planning',
      total: 0,
      created_at: '2026-02-02T08:00:00Z',
      finished_at: null,
    };
    // The run as its progress answers it, a step further at each poll.
    const steps: RunProgress[] = [
      { ...progress('planning'), total: 0, done: 0, invoiced: 0, skipped: 0, failed: 0 },
      { ...progress('running'), failed: 0, failures: [] },
      { ...progress('done'), done: 10, invoiced: 10, skipped: 0, failed: 0, remaining: 0 },
    ].map((step) => ({ ...step, remaining: step.total - step.done - step.failed }));
    let polled = 0;
    const { request, calls } = fakeRequest((call) => {
      if (call.method === 'POST') return { data: row };
      if (call.path === '/billing-runs/9/progress/')
        return { data: steps[Math.min(polled++, steps.length - 1)] };
      if (call.path === '/billing-runs/9/') return { data: row };
      return { data: { count: 0, results: [] } };
    });
    renderWithProviders(<ResourcePage descriptor={merged['billing-runs']!} />, {
      request,
      overrides,
      descriptorsByName: merged,
      labels: generatedLabels('en'),
      locale: 'en',
      url: '/billing-runs',
    });
    await userEvent.click(await screen.findByRole('button', { name: /^New/ }));
    const month = await screen.findByLabelText(/Bill contracts due in \(month\)/);
    await userEvent.type(month, '1/2026{Tab}');
    // Save goes on to the run's dialog (no second "Save and continue" to choose).
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/billing-runs/')).toBe(
      true,
    );
    // The badge says what the list says, and follows the run as it goes.
    const badge = await screen.findByTestId('run-state');
    expect(badge.textContent).toBe('Planning');
    // The badge, not a "State —" field, says it.
    expect(screen.getByRole('dialog').textContent).not.toContain('State');
    await waitFor(() => expect(screen.getByTestId('run-state').textContent).toBe('Running'), {
      timeout: 4000,
    });
    expect(screen.getByRole('status').textContent).toContain('Done 6 of 10');
    await waitFor(() => expect(screen.getByTestId('run-state').textContent).toBe('Done'), {
      timeout: 4000,
    });
    expect(screen.getByRole('status').textContent).toContain('remaining 0');
    expect(screen.queryByRole('button', { name: 'Cancel the run' })).toBeNull();
    // Finished: the polling stops.
    const asked = polled;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(polled).toBe(asked);
  }, 15_000);
});

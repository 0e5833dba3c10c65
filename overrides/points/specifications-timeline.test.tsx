/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { descriptorsByName } from '../../src/generated/descriptors';
import { mergeOverrides } from '../../src/resources';
import { ResourceDialog } from '../../src/resources/form/resource-dialog';
import {
  apiError,
  fakeRequest,
  renderWithProviders,
  type Call,
} from '../../src/resources/test-support/render';
import { generatedLabels } from '../../src/resources/test-support/generated-labels';
import { overrides } from '../index';
import { copyFrom, hasValidityPeriods, inForce, nextMonthStart } from './specifications-timeline';

const generatedCzech = generatedLabels('cs');
const generatedEnglish = generatedLabels('en');

const merged = mergeOverrides(descriptorsByName, overrides);
const NBSP = /[\u00a0\u202f]/g;
const text = (element: Element | null) => (element?.textContent ?? '').replace(NBSP, ' ');

const point = {
  id: 3,
  contract: null,
  ean: '859182400000000001',
  name: 'Byt Praha',
  city: 'Praha',
};
const old = {
  id: 10,
  point: 3,
  state: 'ended',
  valid_from: '2020-01-01',
  valid_to: '2021-12-31',
  distribution_tariff_code: 'D02d',
  phases: '3',
  production_type: '',
  reserved_capacity: null,
};
const current = {
  id: 11,
  point: 3,
  state: 'active',
  valid_from: '2022-01-01',
  valid_to: null,
  distribution_tariff_code: 'D57d',
  main_fuse: 4,
  main_fuse_title: '3×25 A',
  phases: '3',
  reserved_capacity: '11.50',
  production_type: 'pv',
  producer_name: 'Solar s.r.o.',
  installed_power: '9.90',
};

function open(
  locale: 'cs' | 'en',
  post?: (call: Call) => ReturnType<Parameters<typeof fakeRequest>[0]>,
) {
  const fake = fakeRequest((call) => {
    if (call.path === '/points/3/') return { data: point };
    if (call.path === '/specifications/' && call.method === 'POST' && post) return post(call);
    if (call.path === '/specifications/') return { data: { count: 2, results: [old, current] } };
    return { data: { count: 0, results: [] } };
  });
  renderWithProviders(
    <ResourceDialog descriptor={merged.points!} id={3} onClose={() => undefined} />,
    {
      request: fake.request,
      overrides,
      descriptorsByName: merged,
      locale,
      labels: locale === 'cs' ? generatedCzech : generatedEnglish,
    },
  );
  return fake;
}

describe('the point’s specifications as a timeline', () => {
  it.each([
    ['cs', ['od 1. 1. 2022', '1. 1. 2020 – 31. 12. 2021'], 'Platí', 'Výroba', 'Fotovoltaická'],
    ['en', ['from 1/1/2022', '1/1/2020 – 12/31/2021'], 'In force', 'Production', 'Photovoltaic'],
  ] as const)(
    'lists newest first, marks the one in force, shows production (%s)',
    async (locale, validity, mark, production, pv) => {
      open(locale);
      const list = await screen.findByRole('list', { name: /Specifi/ });
      const items = within(list).getAllByRole('listitem');
      expect(
        items.map((item) => text(item).slice(0, validity[items.indexOf(item)]!.length)),
      ).toEqual(validity);
      expect(items[0]!.getAttribute('aria-current')).toBe('true');
      expect(within(items[0]!).getByText(mark)).toBeTruthy();
      expect(items[1]!.getAttribute('aria-current')).toBeNull();
      expect(text(items[0]!)).toContain(production);
      expect(text(items[0]!)).toContain(pv);
      expect(text(items[0]!)).toContain('3×25 A');
      expect(text(items[1]!)).not.toContain(production);
    },
  );

  it('opens "New specification from …" with a copy of the one in force from the chosen day', async () => {
    const posted: unknown[] = [];
    open('en', (call) => {
      posted.push(call.options.body);
      return apiError(400, { valid_from: ['Overlaps the specification of 1/1/2022.'] });
    });
    const from = await screen.findByLabelText('New specification from');
    await userEvent.clear(from);
    await userEvent.type(from, '2030-05-01');
    expect(
      screen.getByText(/closes the specification in force the day before \(4\/30\/2030\)/),
    ).toBeTruthy();
    await userEvent.click(
      screen.getByRole('button', { name: 'Copy the one in force from this day' }),
    );
    const validFrom = await waitFor(() => {
      const input = document.querySelector<HTMLInputElement>('input[id$="valid_from"]');
      if (!input) throw new Error('no valid_from');
      return input;
    });
    const dialog = validFrom.closest<HTMLElement>('[role="dialog"]')!;
    expect(validFrom.value).toMatch(/2030|5\/1/);
    const save = within(dialog).getByRole('button', { name: /Save|Create/ });
    await userEvent.click(save);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      point: 3,
      valid_from: '2030-05-01',
      distribution_tariff_code: 'D57d',
      main_fuse: 4,
      production_type: 'pv',
      installed_power: '9.90',
    });
    expect((posted[0] as Record<string, unknown>).id).toBeUndefined();
    // The server's refusal is shown in the dialog, the input kept.
    expect(await within(dialog).findByText('Overlaps the specification of 1/1/2022.')).toBeTruthy();
  });
});

describe('timeline helpers', () => {
  it('finds the one in force and copies it', () => {
    expect(inForce([old, current], '2023-06-01')).toBe(current);
    expect(inForce([old, { ...current, state: 'cancelled' }], '2023-06-01')).toBeUndefined();
    const copy = copyFrom(merged.specifications!, current, { field: 'point', id: 3 }, '2030-05-01');
    expect(copy).toMatchObject({
      point: 3,
      valid_from: '2030-05-01',
      valid_to: null,
      state: 'active',
    });
    expect(copy).not.toHaveProperty('id');
    expect(copy).not.toHaveProperty('main_fuse_title');
    expect(nextMonthStart('2024-12-15')).toBe('2025-01-01');
    expect(nextMonthStart('2024-02-29')).toBe('2024-03-01');
    expect(hasValidityPeriods(merged)).toBe(true);
    expect(hasValidityPeriods({})).toBe(false);
  });
});

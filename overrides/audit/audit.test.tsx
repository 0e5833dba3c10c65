/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildMenus } from '../../src/app/menus';
import { descriptors, descriptorsByName } from '../../src/generated/descriptors';
import { mergeOverrides, screenOverride } from '../../src/resources';
import { generatedLabels } from '../../src/resources/test-support/generated-labels';
import {
  fakeRequest,
  renderWithProviders,
  type Call,
} from '../../src/resources/test-support/render';
import type { ApiSchema } from '../../src/api';
import { overrides } from '../index';
import AuditPage, { dayStart } from './audit-page';

const merged = mergeOverrides(descriptorsByName, overrides);
const NBSP = /[\u00a0\u202f ]/g;
const text = (element: Element | null) => (element?.textContent ?? '').replace(NBSP, ' ');

const entries: ApiSchema<'AuditEntry'>[] = [
  {
    id: 12,
    at: '2026-04-02T08:30:00Z',
    action: 'update',
    user: { id: 3, email: 'clerk@joule.example' },
    changes: { phone: ['600111222', '600333444'] },
    resource: 'customers',
    row_id: 7,
    title: 'Jana Dvořáková',
  },
  {
    id: 11,
    at: '2026-04-01T07:00:00Z',
    action: 'create',
    user: null,
    changes: { name: [null, 'Sazba D02d'] },
    resource: 'tariffs',
    row_id: 4,
    title: null,
  },
];

/** The API's audit log and users' titles; every audit query is recorded. */
function auditApi() {
  return fakeRequest((call: Call) => {
    if (call.path === '/users/titles/')
      return {
        data: {
          count: 2,
          next: null,
          previous: null,
          results: [
            { id: 3, title: 'clerk@joule.example' },
            { id: 1, title: 'admin@joule.example' },
          ],
        },
      };
    if (call.path === '/audit/') {
      const query = call.options.query ?? {};
      const results = entries.filter(
        (entry) =>
          (query.action === undefined || entry.action === query.action) &&
          (query.resource === undefined || entry.resource === query.resource) &&
          (query.user === undefined || entry.user?.id === Number(query.user)),
      );
      return { data: { count: results.length, next: null, previous: null, results } };
    }
    throw new Error(`unexpected ${call.method} ${call.path}`);
  });
}

const auditQueries = (calls: readonly Call[]) =>
  calls.filter((call) => call.path === '/audit/').map((call) => call.options.query);

describe('the audit log page', () => {
  it('lists each change readably: the record by name, who, when, each field before and after', async () => {
    const { request } = auditApi();
    renderWithProviders(<AuditPage descriptor={merged.audit!} />, {
      request,
      locale: 'en',
      url: '/audit',
      descriptorsByName: merged,
      labels: generatedLabels('en'),
    });
    expect(screen.getByRole('heading', { name: 'Audit log', level: 1 })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Audit log' });
    const [changed, created] = within(list).getAllByRole('listitem');
    expect(text(within(changed!).getByRole('heading'))).toBe('Customer Jana Dvořáková');
    expect(text(changed!)).toContain('clerk@joule.example');
    const row = within(changed!).getAllByRole('row')[1]!;
    expect(text(row)).toContain('600111222');
    expect(text(row)).toContain('600333444');
    expect(text(row)).not.toContain('phone');
    // A deleted row (no title now) is named by its id; a system change says so.
    expect(text(within(created!).getByRole('heading'))).toBe('Tariff #4');
    expect(text(created!)).toContain('the system');
    expect(text(screen.getByText(/2 changes/))).toBe('2 changes');
  });

  it('speaks Czech, with Czech field labels', async () => {
    const { request } = auditApi();
    renderWithProviders(<AuditPage descriptor={merged.audit!} />, {
      request,
      locale: 'cs',
      url: '/audit',
      descriptorsByName: merged,
      labels: generatedLabels('cs'),
    });
    expect(screen.getByRole('heading', { name: 'Auditní záznam', level: 1 })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Auditní záznam' });
    const changed = within(list).getAllByRole('listitem')[0]!;
    expect(text(within(changed).getByRole('heading'))).toBe('Zákazník Jana Dvořáková');
    expect(text(within(changed).getAllByRole('row')[1]!)).toMatch(/^Telefon/);
    expect(screen.getByRole('combobox', { name: 'Akce' })).toBeTruthy();
  });

  it('filters by who, action, record type and time, each a parameter of GET /audit/', async () => {
    const { request, calls } = auditApi();
    renderWithProviders(<AuditPage descriptor={merged.audit!} />, {
      request,
      locale: 'en',
      url: '/audit',
      descriptorsByName: merged,
      labels: generatedLabels('en'),
    });
    await screen.findByRole('list', { name: 'Audit log' });
    expect(auditQueries(calls)[0]).toEqual({ page: 1, page_size: 25 });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Created');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(auditQueries(calls).at(-1)).toEqual({ action: 'create', page: 1, page_size: 25 });
    expect(text(screen.getByRole('listitem').querySelector('h4'))).toBe('Tariff #4');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Any action');
    // By value: the test catalogue names some resources in Czech (test-support/fixtures.ts).
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Record type' }),
      'customers',
    );
    await screen.findByRole('option', { name: 'clerk@joule.example' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Who' }),
      'clerk@joule.example',
    );
    await waitFor(() =>
      expect(auditQueries(calls).at(-1)).toEqual({
        user: 3,
        resource: 'customers',
        page: 1,
        page_size: 25,
      }),
    );

    const from = screen.getByRole('textbox', { name: 'Time: from' });
    await userEvent.type(from, '2026-04-01');
    await userEvent.tab();
    const to = screen.getByRole('textbox', { name: 'Time: to' });
    await userEvent.type(to, '2026-04-02');
    await userEvent.tab();
    await waitFor(() =>
      expect(auditQueries(calls).at(-1)).toEqual({
        user: 3,
        resource: 'customers',
        from: dayStart('2026-04-01'),
        to: dayStart('2026-04-03'),
        page: 1,
        page_size: 25,
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(auditQueries(calls).at(-1)).toEqual({ page: 1, page_size: 25 }));
  });

  it('is the audit resource’s page, and its menu entry shows only with AUDIT', () => {
    expect(merged.audit!.privilege).toBe('AUDIT');
    expect(screenOverride(merged.audit!, overrides, merged)).toBeDefined();
    const all = mergeOverrides(descriptors, overrides);
    const withAudit = buildMenus(all, (privilege) => privilege === 'AUDIT');
    expect(withAudit.settings.map((entry) => entry.path)).toEqual(['/audit', '/settings']);
    const without = buildMenus(all, (privilege) => privilege !== 'AUDIT');
    expect(without.settings.map((entry) => entry.path)).not.toContain('/audit');
  });
});

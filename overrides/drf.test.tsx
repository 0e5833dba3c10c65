/** @vitest-environment jsdom */
/**
 * On a plain DRF back-end (tests/fixtures/drf: no title cases, no payments, no points, no
 * hasPrivileges) each bespoke override steps aside: the generic screen shows, nothing
 * throws, and no request goes to an endpoint the OpenAPI document does not list.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { readFileMap } from '../codegen/lib/files';
import { buildResources } from '../codegen/emit/generate';
import { apiFeaturesOf } from '../codegen/emit/descriptors-source';
import { parseSchemaFiles } from '../codegen/emit/schema-input';
import { mergeOverrides, ResourcePage, type ResourceDescriptor } from '../src/resources';
import { ResourceDialog } from '../src/resources/form/resource-dialog';
import { fakeRequest, renderWithProviders, type Call } from '../src/resources/test-support/render';
import { overrides } from './index';
import { hasValidity } from './customers/contracts-panel';
import { hasPaymentAmounts } from './contracts/payments-panel';
import { hasValidityPeriods } from './points/specifications-timeline';

const fixture = resolve(process.cwd(), 'tests/fixtures/drf');
const resources = buildResources(parseSchemaFiles(await readFileMap(fixture)));
const plain: Record<string, ResourceDescriptor> = Object.fromEntries(
  resources.map(({ descriptor }) => [descriptor.name, descriptor]),
);
const openapi = JSON.parse(await readFile(resolve(fixture, 'openapi.json'), 'utf8')) as {
  paths: Record<string, unknown>;
};
/** The document's paths as patterns of request paths (`/customers/{id}/` → `/customers/[^/]+/`). */
const listed = Object.keys(openapi.paths).map(
  (path) => new RegExp(`^${path.replace(/^\/api\/v1/, '').replace(/\{[^}]+\}/g, '[^/]+')}$`),
);
/** What the runtime may ask of this back-end beyond its resources, as codegen judges it. */
const { userPreferences: keepsPreferences } = apiFeaturesOf(Object.keys(openapi.paths));
const unlisted = (calls: readonly Call[]) =>
  calls.map((call) => call.path).filter((path) => !listed.some((pattern) => pattern.test(path)));

const customer = {
  id: 1,
  customer_no: 'K-1',
  customer_type: 'company',
  company_name: 'ACME s.r.o.',
  last_name: '',
  first_name: '',
  is_active: true,
};

function server() {
  return fakeRequest((call) => {
    if (/^\/\w+\/\d+\/$/.test(call.path)) return { data: customer };
    return { data: { count: 1, results: [customer] } };
  });
}

describe('the overrides on a plain DRF back-end', () => {
  const merged = mergeOverrides(plain, overrides);

  it('merge without throwing and leave the descriptors generic', () => {
    expect(merged.customers?.titleCases).toBeUndefined();
    expect(merged.customers?.columns).toEqual(plain.customers?.columns);
    // Contracts are no customer's children there: the customer dialog lists none, so the
    // contracts panel (which replaces that list) has nothing to replace.
    expect(merged.contracts?.parent ?? null).toBeNull();
    expect(hasValidity({})).toBe(false);
    expect(hasPaymentAmounts(merged)).toBe(false);
    expect(hasValidityPeriods(merged)).toBe(false);
    expect(merged.users?.listParams).toBeUndefined();
  });

  it('shows the generic customers list: no composed name column', async () => {
    const { request, calls } = server();
    renderWithProviders(<ResourcePage descriptor={merged.customers!} />, {
      request,
      overrides,
      descriptorsByName: merged,
      locale: 'en',
      keepsPreferences,
    });
    await screen.findAllByRole('row');
    await waitFor(() => expect(screen.getByText('ACME s.r.o.')).toBeTruthy());
    expect(screen.queryByRole('columnheader', { name: /^Name/ })).toBeNull();
    expect(unlisted(calls)).toEqual([]);
  });

  it.each(['customers', 'contracts', 'users'])(
    'opens the %s dialog without an override panel and without unlisted requests',
    async (name) => {
      const error = vi.spyOn(console, 'error');
      const { request, calls } = server();
      renderWithProviders(
        <ResourceDialog descriptor={merged[name]!} id={1} onClose={() => undefined} />,
        { request, overrides, descriptorsByName: merged, locale: 'en', keepsPreferences },
      );
      expect((await screen.findAllByRole('textbox')).length).toBeGreaterThan(0);
      expect(screen.queryByTestId('contract-payments')).toBeNull();
      expect(screen.queryByTestId('specifications-timeline')).toBeNull();
      expect(unlisted(calls)).toEqual([]);
      expect(error).not.toHaveBeenCalled();
      error.mockRestore();
    },
  );
});

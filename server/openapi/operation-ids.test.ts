/**
 * Operation ids follow docs/api.md "OpenAPI document": every operation on a resource's paths
 * (`/api/v1/<name>/…`) is `<name>_<suffix>` with the resource's own name, hyphens kept
 * (`billing-runs_progress`, `incoming-payments_import`). The SPA's codegen lists a
 * resource's other operations by that prefix (`operations.extraActions`), so an id spelled
 * otherwise (`billing_runs_progress`) is an endpoint the app never sees.
 */
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../app';
import { resources } from '../resources/definitions';
import { ResourceRegistry } from '../resources/engine';
import { buildOpenApiDocument } from './document';

const document = buildOpenApiDocument(new ResourceRegistry(resources), API_PREFIX) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};

describe('operation ids', () => {
  const names = resources.map((resource) => resource.name);
  const misnamed = Object.entries(document.paths).flatMap(([path, operations]) => {
    const resource = names.find((name) => path.startsWith(`${API_PREFIX}/${name}/`));
    if (!resource) return [];
    return Object.entries(operations).flatMap(([method, operation]) =>
      operation.operationId?.startsWith(`${resource}_`)
        ? []
        : [`${method.toUpperCase()} ${path}: ${String(operation.operationId)}`],
    );
  });

  it('start with the name of the resource whose path they are on', () => {
    expect(misnamed, 'use `<resource name>_<action>`, hyphens kept').toEqual([]);
  });

  it('name the billing runs’ progress and cancel under billing-runs', () => {
    const id = (path: string, method: string) =>
      document.paths[`${API_PREFIX}${path}`]?.[method]?.operationId;
    expect(id('/billing-runs/{id}/progress/', 'get')).toBe('billing-runs_progress');
    expect(id('/billing-runs/{id}/cancel/', 'post')).toBe('billing-runs_cancel');
  });
});

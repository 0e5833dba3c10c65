/**
 * The OpenAPI 3.0.3 document served at `GET /api/v1/schema/` (docs/api.md "OpenAPI
 * document"). It is built from the resource registry and the auth endpoints, is the same
 * for every request (English, no host names) and has sorted paths and components, so the
 * committed snapshot in `schema/openapi.json` changes only when the API does.
 */
import { authPaths, authSchemas } from '../auth/openapi';
import { invoicesOpenApi, paymentsOpenApi } from '../billing';
import { billingOpenApi } from '../billing';
import { measurementsBulkOpenApi } from '../resources/bulk/measurements';
import { consumptionOpenApi } from '../resources/consumption/consumption';
import { reportsOpenApi } from '../resources/reports/reports';
import { privacyOpenApi } from '../privacy';
import { bulkPaths, bulkSchemas } from '../resources/engine';
import { auditPaths, defaultsPaths, historyPaths, historySchemas } from '../resources/engine';
import { EnumComponents } from '../resources/engine';
import { resourcePaths, resourceSchemas } from '../resources/engine';
import type { ResourceRegistry } from '../resources/engine';
import { titlesPaths, titlesSchemas } from '../resources/engine';
import { sortKeys, type JsonObject, type PathsObject, type SchemaObject } from './types';

/** Builds the document for the resources of `registry` with paths under `prefix`. */
export function buildOpenApiDocument(registry: ResourceRegistry, prefix: string): JsonObject {
  const resources = registry.all();
  const enums = new EnumComponents(resources);
  const paths: PathsObject = { ...authPaths(prefix) };
  const schemas: Record<string, SchemaObject> = { ...authSchemas(), ...enums.schemas };
  for (const resource of resources) {
    Object.assign(
      paths,
      resourcePaths(resource, prefix),
      historyPaths(resource, prefix),
      defaultsPaths(resource, prefix),
      titlesPaths(resource, prefix),
      bulkPaths(resource, prefix),
    );
    Object.assign(schemas, resourceSchemas(resource, enums));
  }
  if (resources.length > 0) {
    Object.assign(schemas, historySchemas(), titlesSchemas(), bulkSchemas());
    Object.assign(paths, auditPaths(prefix));
  }
  const bulk = measurementsBulkOpenApi(registry, prefix, schemas);
  Object.assign(paths, bulk.paths);
  Object.assign(schemas, bulk.schemas);
  if (resources.length > 0) {
    const billing = billingOpenApi(prefix);
    Object.assign(paths, billing.paths);
    Object.assign(schemas, billing.schemas);
    const reports = reportsOpenApi(prefix);
    Object.assign(paths, reports.paths);
    Object.assign(schemas, reports.schemas);
  }
  const invoicing = invoicesOpenApi(registry, prefix);
  Object.assign(paths, invoicing.paths);
  Object.assign(schemas, invoicing.schemas);
  const money = paymentsOpenApi(registry, prefix);
  Object.assign(paths, money.paths);
  Object.assign(schemas, money.schemas);
  const privacy = privacyOpenApi(registry, prefix);
  Object.assign(paths, privacy.paths);
  Object.assign(schemas, privacy.schemas);
  const consumption = consumptionOpenApi(registry, prefix);
  Object.assign(paths, consumption.paths);
  Object.assign(schemas, consumption.schemas);
  return {
    openapi: '3.0.3',
    info: {
      title: 'Joule API',
      version: '1.0.0',
      description:
        'Back office of an energy supplier. Wire format: Django REST Framework conventions (see docs/api.md).',
    },
    paths: sortKeys(paths),
    components: {
      schemas: sortKeys(schemas),
      securitySchemes: { jwtAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

/**
 * Finds the resources of a document: every collection path (no path parameters) whose GET
 * operation id ends in `_list` (docs/api.md "Resources", "OpenAPI document"), with the component
 * of its items (`PaginatedCustomerList.results.items` → `Customer`, or a plain array).
 */
import type { OpenApiDocument, OperationObject, SchemaObject } from '../parse/openapi';
import { componentName, EMPTY_SCHEMA, resolveSchema } from './resolve-schema';

/** One list endpoint. */
export interface ListEndpoint {
  /** Resource name: the last segment of the collection path (`tariffdevices`). */
  readonly name: string;
  /** Collection path as the document writes it (`/api/v1/tariffdevices/`). */
  readonly documentPath: string;
  /** Collection path relative to the API base (`/tariffdevices/`). */
  readonly path: string;
  /** Operation id without `_list` (`tariffdevices`), to find the sibling operations. */
  readonly operationPrefix: string;
  readonly list: OperationObject;
  /** Name of the item component (`TariffDevice`), when the items are a `$ref`. */
  readonly itemComponent?: string;
  /** The item schema, resolved; empty when the list answer has no recognisable items. */
  readonly itemSchema: SchemaObject;
}

/** List endpoints sorted by name; a name seen twice keeps its first path in document order. */
export function findListEndpoints(doc: OpenApiDocument): ListEndpoint[] {
  const base = apiBasePath(doc);
  const byName = new Map<string, ListEndpoint>();
  for (const [documentPath, operations] of doc.paths) {
    const list = operations.get('get');
    const operationId = list?.operationId;
    if (list === undefined || operationId === undefined || !operationId.endsWith('_list')) continue;
    if (documentPath.includes('{')) continue;
    const name = documentPath
      .split('/')
      .filter((s) => s !== '')
      .pop();
    if (name === undefined || byName.has(name)) continue;
    const items = listItems(list.responseSchema, doc.schemas);
    const itemComponent = items?.ref === undefined ? undefined : componentName(items.ref);
    byName.set(name, {
      name,
      documentPath,
      path: relativePath(documentPath, base),
      operationPrefix: operationId.slice(0, -'_list'.length),
      list,
      ...(itemComponent === undefined ? {} : { itemComponent }),
      itemSchema: items === undefined ? EMPTY_SCHEMA : resolveSchema(items, doc.schemas),
    });
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The API base inside document paths: the path of `servers[0].url` when every path starts
 * with it, else the leading segments all paths share, never a path's own last segment
 * (drf-spectacular keeps `/api/v1` in paths; our server may not).
 */
export function apiBasePath(doc: OpenApiDocument): string {
  const paths = [...doc.paths.keys()];
  if (paths.length === 0) return '';
  const server = doc.serverPath;
  if (server !== undefined && paths.every((p) => p.startsWith(`${server}/`))) return server;
  const split = paths.map((p) => p.split('/').filter((s) => s !== ''));
  const shared: string[] = [];
  for (let i = 0; ; i++) {
    const segment = split[0]?.[i];
    const fits = split.every((s) => s[i] === segment && i < s.length - 1);
    if (segment === undefined || segment.includes('{') || !fits) break;
    shared.push(segment);
  }
  return shared.length === 0 ? '' : `/${shared.join('/')}`;
}

function relativePath(path: string, base: string): string {
  return base !== '' && path.startsWith(`${base}/`) ? path.slice(base.length) : path;
}

/** The unresolved item schema of a list answer: paginated `results.items`, or array `items`. */
function listItems(
  response: SchemaObject | undefined,
  schemas: ReadonlyMap<string, SchemaObject>,
): SchemaObject | undefined {
  if (response === undefined) return undefined;
  const resolved = resolveSchema(response, schemas);
  if (resolved.type === 'array' || resolved.items !== undefined) return resolved.items;
  const results = resolved.properties?.get('results');
  if (results === undefined) return undefined;
  return resolveSchema(results, schemas).items;
}

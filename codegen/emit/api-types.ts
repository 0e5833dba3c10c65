/**
 * `src/generated/api.d.ts`: the API's types by openapi-typescript's Node API (`openapiTS`
 * builds a TypeScript AST, `astToString` prints it), for the one `openapi-fetch` client.
 */
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { formatTypeScript } from './format';
import { GENERATED_HEADER } from './header';

/** The source of `api.d.ts` for a parsed `openapi.json`. */
export async function apiTypesSource(openapiJson: unknown): Promise<string> {
  // Library seam: openapiTS validates the document itself (via Redocly) and throws on a
  // broken one, so the parsed JSON is handed over as its OpenAPI3 type. It is cloned
  // because the bundler annotates the object it is given.
  const document = structuredClone(openapiJson) as OpenAPI3;
  const ast = await openapiTS(document, { silent: true });
  return formatTypeScript(`${GENERATED_HEADER}\n${astToString(ast)}`);
}

/**
 * The schema snapshot (`schema/`, docs/architecture.md "The layers") as codegen reads it:
 * `openapi.json` plus `options/<lang>/<resource>.json` per language.
 */
import { LANGUAGES, type Language } from '../languages';
import type { FileMap } from '../lib/files';
import { parseOptions, type OptionsMetadata } from '../parse/options';
import { parseOpenApi, type OpenApiDocument } from '../parse/openapi';

/** File name of the OpenAPI document inside the schema folder. */
export const OPENAPI_FILE = 'openapi.json';

/** Path of one OPTIONS answer inside the schema folder. */
export function optionsFile(language: Language, resource: string): string {
  return `options/${language}/${resource}.json`;
}

/** A parsed schema snapshot. */
export interface SchemaInput {
  /** `openapi.json` as parsed JSON, for openapi-typescript. */
  readonly openapiJson: unknown;
  readonly openapi: OpenApiDocument;
  /** OPTIONS answers by language, then resource name. */
  readonly options: ReadonlyMap<Language, ReadonlyMap<string, OptionsMetadata>>;
}

/** Parses a schema folder's files; throws when `openapi.json` is missing or any file is not JSON. */
export function parseSchemaFiles(files: FileMap): SchemaInput {
  const openapiText = files.get(OPENAPI_FILE);
  if (openapiText === undefined) throw new Error(`schema: ${OPENAPI_FILE} is missing`);
  const openapiJson = parseJson(OPENAPI_FILE, openapiText);
  const options = new Map<Language, Map<string, OptionsMetadata>>();
  for (const language of LANGUAGES) {
    const answers = new Map<string, OptionsMetadata>();
    const prefix = `options/${language}/`;
    for (const [path, text] of files) {
      if (!path.startsWith(prefix) || !path.endsWith('.json')) continue;
      const resource = path.slice(prefix.length, -'.json'.length);
      if (!resource.includes('/')) answers.set(resource, parseOptions(parseJson(path, text)));
    }
    options.set(language, answers);
  }
  return { openapiJson, openapi: parseOpenApi(openapiJson), options };
}

function parseJson(path: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`schema: ${path} is not JSON (${String(error)})`);
  }
}

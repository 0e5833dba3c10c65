/**
 * Codegen as one pure-ish function: a parsed schema snapshot in, the generated files out
 * (`src/generated/*` and `locales/generated/*`), same input → same bytes. The CLI writes
 * them; drift compares them.
 */
import type { ResourceDescriptor } from '../descriptor-types';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../languages';
import { sortKeys, toJsonText } from '../lib/json';
import type { OptionsMetadata } from '../parse/options';
import { findListEndpoints } from '../transform/list-endpoints';
import { resourceMessages } from '../transform/messages';
import { operationIds } from '../transform/operations';
import { transformResource, type ResourceModel } from '../transform/resource';
import { apiTypesSource } from './api-types';
import { apiFeaturesOf, descriptorsSource, descriptorTypesSource } from './descriptors-source';
import type { SchemaInput } from './schema-input';
import { validatorsFiles } from './validators-source';

/** Generated files: `generated` goes to `src/generated/`, `locales` to `locales/generated/`. */
export interface GeneratedFiles {
  readonly generated: ReadonlyMap<string, string>;
  readonly locales: ReadonlyMap<string, string>;
}

/** Descriptors and their field models, one per list endpoint, sorted by name. */
export function buildResources(input: SchemaInput): ResourceModel[] {
  const endpoints = findListEndpoints(input.openapi);
  const ctx = {
    doc: input.openapi,
    resources: new Set(endpoints.map((e) => e.name)),
    operationIds: operationIds(input.openapi),
  };
  return endpoints.map((endpoint) =>
    transformResource(endpoint, structureOptions(input, endpoint.name), ctx),
  );
}

/** The message catalogue of one language: message id → text, keys sorted. */
export function buildCatalogue(
  input: SchemaInput,
  resources: readonly ResourceModel[],
  language: Language,
): Record<string, string> {
  const catalogue = new Map<string, string>();
  for (const model of resources) {
    const chain = [language, FALLBACK_LANGUAGE].map((l) =>
      input.options.get(l)?.get(model.descriptor.name),
    );
    resourceMessages(model, chain, catalogue);
  }
  return sortKeys(catalogue);
}

/** Runs codegen on a schema snapshot. */
export async function generate(input: SchemaInput): Promise<GeneratedFiles> {
  const resources = buildResources(input);
  const descriptors: ResourceDescriptor[] = resources.map((r) => r.descriptor);
  const generated = new Map<string, string>([
    ['api.d.ts', await apiTypesSource(input.openapiJson)],
    ['descriptor-types.ts', await descriptorTypesSource()],
    [
      'descriptors.ts',
      await descriptorsSource(descriptors, apiFeaturesOf(input.openapi.paths.keys())),
    ],
    ...(await validatorsFiles(descriptors)),
  ]);
  const locales = new Map<string, string>(
    LANGUAGES.map((language) => [
      `${language}.json`,
      toJsonText(buildCatalogue(input, resources, language)),
    ]),
  );
  return { generated, locales };
}

/**
 * The OPTIONS answer that gives a resource its structure (types, choices, limits): the
 * fallback language's, else any language's. Labels are per language in the catalogues.
 */
function structureOptions(input: SchemaInput, resource: string): OptionsMetadata | undefined {
  const ordered = [FALLBACK_LANGUAGE, ...LANGUAGES.filter((l) => l !== FALLBACK_LANGUAGE)];
  for (const language of ordered) {
    const answer = input.options.get(language)?.get(resource);
    if (answer !== undefined) return answer;
  }
  return undefined;
}

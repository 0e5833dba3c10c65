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
import { dryRunOperationIds, operationIds } from '../transform/operations';
import { transformResource, type ResourceModel } from '../transform/resource';
import { apiTypesSource } from './api-types';
import { apiFeaturesOf, descriptorsSource, descriptorTypesSource } from './descriptors-source';
import type { SchemaInput } from './schema-input';
import { validatorsFiles } from './validators-source';

/**
 * Generated files: `generated` goes to `src/generated/`, `locales` to `locales/generated/`:
 * per language `<lang>.json`, the names of the resources (what menus, page titles and
 * snackbars show), and `<resource>/<lang>.json`, the rest of one resource's labels (fields,
 * choices, sections), which the SPA loads with that resource's page (src/i18n/catalogues.ts).
 */
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
    dryRunIds: dryRunOperationIds(input.openapi),
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
  const split = LANGUAGES.map(
    (language) => [language, splitCatalogue(buildCatalogue(input, resources, language))] as const,
  );
  const names = [...new Set(split.flatMap(([, parts]) => [...parts.byResource.keys()]))].sort();
  const locales = new Map<string, string>([
    ...split.map(([language, parts]) => [`${language}.json`, toJsonText(parts.names)] as const),
    ...names.flatMap((name) =>
      split.map(
        ([language, parts]) =>
          [`${name}/${language}.json`, toJsonText(parts.byResource.get(name) ?? {})] as const,
      ),
    ),
  ]);
  return { generated, locales };
}

/** The parts of a resource's message id that name the resource itself (`resource.<name>.<part>`). */
const NAME_PARTS: ReadonlySet<string> = new Set(['title', 'singular', 'create']);

/**
 * A catalogue split for loading: `names`, the resources' names (`resource.<name>.title`,
 * `.singular`, `.create`) and any id outside the scheme; `byResource`, the other ids of
 * each resource (`resource.<name>.field.…`), keys sorted as in `catalogue`.
 */
export function splitCatalogue(catalogue: Readonly<Record<string, string>>): {
  names: Record<string, string>;
  byResource: Map<string, Record<string, string>>;
} {
  const names: Record<string, string> = {};
  const byResource = new Map<string, Record<string, string>>();
  for (const [id, text] of Object.entries(catalogue)) {
    const [scope, name, part, ...rest] = id.split('.');
    if (scope !== 'resource' || !name || !part || (rest.length === 0 && NAME_PARTS.has(part))) {
      names[id] = text;
      continue;
    }
    const own = byResource.get(name) ?? {};
    own[id] = text;
    byResource.set(name, own);
  }
  return { names, byResource };
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

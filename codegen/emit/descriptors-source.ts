/**
 * `src/generated/descriptors.ts`: the descriptors as a typed constant, and
 * `src/generated/descriptor-types.ts`: the format, copied from `codegen/descriptor-types.ts`.
 */
import { readFile } from 'node:fs/promises';
import type { ResourceDescriptor } from '../descriptor-types';
import { formatTypeScript } from './format';
import { GENERATED_HEADER } from './header';

/**
 * The source of `descriptors.ts`, descriptors in the order given (sorted by name), without
 * their forms (`formSchema`, `uiSchema`): those go to each resource's validators module,
 * loaded with the dialog (validators-source.ts).
 */
export async function descriptorsSource(
  descriptors: readonly ResourceDescriptor[],
  features: ApiFeatures = { userPreferences: false },
): Promise<string> {
  const listed = descriptors.map(({ formSchema: _schema, uiSchema: _ui, ...rest }) => rest);
  const source = [
    GENERATED_HEADER,
    "import type { ResourceDescriptor } from './descriptor-types';",
    '',
    '/** One descriptor per resource with a list endpoint, sorted by name (docs/architecture.md "The layers"). */',
    `export const descriptors: readonly ResourceDescriptor[] = ${JSON.stringify(listed)};`,
    '',
    '/** What the back-end offers beyond its resources (see codegen `ApiFeatures`). */',
    `export const apiFeatures = ${JSON.stringify(features)} as const;`,
    '',
    '/** The descriptors by resource name. */',
    'export const descriptorsByName: Readonly<Record<string, ResourceDescriptor>> = Object.fromEntries(',
    '  descriptors.map((descriptor) => [descriptor.name, descriptor]),',
    ');',
    '',
  ].join('\n');
  return formatTypeScript(source);
}

/**
 * What a back-end offers beyond its resources, judged from its OpenAPI document's paths: the
 * runtime asks only for what is listed (issue #13 "On another back-end").
 */
export interface ApiFeatures {
  /** `GET/PUT …/auth/me/preferences/`: the user's list preferences (columns) kept by the API. */
  readonly userPreferences: boolean;
}

/** {@link ApiFeatures} of an OpenAPI document with these paths. */
export function apiFeaturesOf(paths: Iterable<string>): ApiFeatures {
  return {
    userPreferences: [...paths].some((path) => path.endsWith('/auth/me/preferences/')),
  };
}

/** The source of the runtime's copy of the descriptor format: the header, then the file verbatim. */
export async function descriptorTypesSource(): Promise<string> {
  const text = await readFile(new URL('../descriptor-types.ts', import.meta.url), 'utf8');
  return `${GENERATED_HEADER}\n${text}`;
}

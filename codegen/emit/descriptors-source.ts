/**
 * `src/generated/descriptors.ts`: the descriptors as a typed constant, and
 * `src/generated/descriptor-types.ts`: the format, copied from `codegen/descriptor-types.ts`.
 */
import { readFile } from 'node:fs/promises';
import type { FieldDescriptor, ResourceDescriptor } from '../descriptor-types';
import { formatTypeScript } from './format';
import { GENERATED_HEADER } from './header';

/**
 * The source of `descriptors.ts`, descriptors in the order given (sorted by name), without
 * their forms (`formSchema`, `uiSchema`): those go to each resource's validators module,
 * loaded with the dialog (validators-source.ts). Fields are written without what follows
 * from their names (docs/architecture.md "How the pages stay small": every list page loads every
 * descriptor): the label id `resource.<resource>.field.<field>.label`, `required`,
 * `readOnly` and `nullable` when false, and a choice whose label id is
 * `…field.<field>.choice.<value>` as its bare value; the module's `fields` puts them back,
 * so the runtime gets the same descriptors.
 */
export async function descriptorsSource(
  descriptors: readonly ResourceDescriptor[],
  features: ApiFeatures = { userPreferences: false, savedViews: false },
): Promise<string> {
  const fieldLists: string[] = [];
  const listed = descriptors.map(({ formSchema: _schema, uiSchema: _ui, fields, ...rest }) => {
    const marker = `__fields_${fieldLists.length}__`;
    fieldLists.push(
      `fields(${JSON.stringify(rest.name)}, ${JSON.stringify(fields.map((f) => compactField(rest.name, f)))})`,
    );
    return { ...rest, fields: marker };
  });
  const literal = JSON.stringify(listed).replace(
    /"__fields_(\d+)__"/g,
    (_marker, index: string) => fieldLists[Number(index)] ?? '[]',
  );
  const source = [
    GENERATED_HEADER,
    "import type { ChoiceDescriptor, FieldDescriptor, ResourceDescriptor } from './descriptor-types';",
    '',
    '/**',
    ' * A field as written below: without its label id when it is',
    ' * `resource.<resource>.field.<name>.label`, without `required`, `readOnly`, `nullable` when',
    ' * false, and a choice whose label id is `…field.<name>.choice.<value>` as its bare value.',
    ' */',
    "type FieldSource = Omit<FieldDescriptor, 'label' | 'required' | 'readOnly' | 'nullable' | 'choices'> &",
    "  Partial<Pick<FieldDescriptor, 'label' | 'required' | 'readOnly' | 'nullable'>> & {",
    "    readonly choices?: readonly (ChoiceDescriptor | ChoiceDescriptor['value'])[];",
    '  };',
    '',
    '/** The fields of `resource` written as {@link FieldSource}, whole. */',
    'function fields(resource: string, sources: readonly FieldSource[]): FieldDescriptor[] {',
    '  return sources.map(({ choices, ...source }) => {',
    '    const id = `resource.${resource}.field.${source.name}`;',
    '    return {',
    '      label: `${id}.label`,',
    '      required: false,',
    '      readOnly: false,',
    '      nullable: false,',
    '      ...source,',
    '      ...(choices && {',
    '        choices: choices.map((choice) =>',
    "          typeof choice === 'object' ? choice : { value: choice, label: `${id}.choice.${choice}` },",
    '        ),',
    '      }),',
    '    };',
    '  });',
    '}',
    '',
    '/** One descriptor per resource with a list endpoint, sorted by name (docs/architecture.md "The layers"). */',
    `export const descriptors: readonly ResourceDescriptor[] = ${literal};`,
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

/** A field of `resource` without what `fields` of descriptors.ts puts back (see above). */
export function compactField(resource: string, field: FieldDescriptor): Record<string, unknown> {
  const { label, required, readOnly, nullable, choices, ...rest } = field;
  const id = `resource.${resource}.field.${field.name}`;
  return {
    ...rest,
    ...(label !== `${id}.label` && { label }),
    ...(required && { required }),
    ...(readOnly && { readOnly }),
    ...(nullable && { nullable }),
    ...(choices && {
      choices: choices.map((choice) =>
        choice.label === `${id}.choice.${choice.value}` && choice.group === undefined
          ? choice.value
          : choice,
      ),
    }),
  };
}

/**
 * What a back-end offers beyond its resources, judged from its OpenAPI document's paths: the
 * runtime asks only for what is listed (docs/product.md).
 */
export interface ApiFeatures {
  /** `GET/PUT …/auth/me/preferences/`: the user's list preferences (columns) kept by the API. */
  readonly userPreferences: boolean;
  /** `…/auth/me/views/`: the lists' saved views (**Joule**, docs/api.md "Saved views"). */
  readonly savedViews: boolean;
}

/** {@link ApiFeatures} of an OpenAPI document with these paths. */
export function apiFeaturesOf(paths: Iterable<string>): ApiFeatures {
  // Read once: `paths` may be an iterator (a map's keys).
  const all = [...paths];
  return {
    userPreferences: all.some((path) => path.endsWith('/auth/me/preferences/')),
    savedViews: all.some((path) => path.endsWith('/auth/me/views/')),
  };
}

/** The source of the runtime's copy of the descriptor format: the header, then the file verbatim. */
export async function descriptorTypesSource(): Promise<string> {
  const text = await readFile(new URL('../descriptor-types.ts', import.meta.url), 'utf8');
  return `${GENERATED_HEADER}\n${text}`;
}

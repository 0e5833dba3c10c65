/**
 * `src/generated/validators/`: each resource's edit-form validators, compiled here by ajv
 * into plain JavaScript (ajv "standalone code"), so the browser never compiles a JSON
 * Schema with `new Function` and the Content-Security-Policy needs no `'unsafe-eval'`
 * (docs/security.md, docs/security-headers.md).
 *
 * The runtime validates with rjsf's `createPrecompiledValidator` (`@rjsf/validator-ajv8`),
 * which finds a validate function by rjsf's `hashForSchema` of the schema it is asked
 * about and refuses a root schema other than the compiled one. So what is compiled here is
 * the very schema the dialog hands rjsf: `formValidationSchema` repeats the JSON Schema
 * part of the runtime's `buildForm` (`src/resources/form/form-schema.ts`), and
 * `src/app/form-validators.test.ts` checks, for every generated resource with the app's
 * overrides merged, that both give equal schemas in both modes. The ajv options are those
 * of `@rjsf/validator-ajv8`'s own validator (`createAjvInstance`: `allErrors`, `verbose`,
 * every format of `ajv-formats`, plus `color` and `data-url`), so errors and their
 * messages are the ones the eval-based validator gave.
 */
import Ajv, { type SchemaObject } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import * as rjsfUtilsModule from '@rjsf/utils';
import type { FieldDescriptor, JsonSchema, ResourceDescriptor } from '../descriptor-types';
import { formatTypeScript } from './format';
import { GENERATED_HEADER } from './header';

/**
 * `@rjsf/utils` is CommonJS: Node's ESM loader (tsx) hands its exports as `default`,
 * Vitest as named exports; either way these are the same functions.
 */
const rjsfUtils =
  (rjsfUtilsModule as unknown as { default?: typeof rjsfUtilsModule }).default ?? rjsfUtilsModule;

/** Create a row or edit one (as the runtime's `FormMode`). */
export type FormMode = 'create' | 'edit';

/** `AJV_CONFIG` of `@rjsf/validator-ajv8` 5.24 (`createAjvInstance.ts`), spelled out. */
const AJV_CONFIG = {
  allErrors: true,
  multipleOfPrecision: 8,
  strict: false,
  verbose: true,
  discriminator: false,
} as const;
const COLOR_FORMAT_REGEX =
  /^(#?([0-9A-Fa-f]{3}){1,2}\b|aqua|black|blue|fuchsia|gray|green|lime|maroon|navy|olive|orange|purple|red|silver|teal|white|yellow|(rgb\(\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*\))|(rgb\(\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*\)))$/;
const DATA_URL_FORMAT_REGEX = /^data:([a-z]+\/[a-z0-9-+.]+)?;(?:name=(.*);)?base64,(.*)$/;

type Mutable = Record<string, unknown>;

function asRecord(value: unknown): Mutable {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Mutable) : {};
}

/** What an emptied input stores (runtime `emptyValue`): '' only for optional plain text. */
function storesBlank(field: FieldDescriptor): boolean {
  if (field.required || field.nullable) return false;
  return field.kind === 'string' || field.kind === 'text' || field.kind === 'email';
}

/** A writable field's schema; a blank-able text checks its `format` only when not blank. */
function writableSchema(field: FieldDescriptor, given: unknown): unknown {
  const schema = asRecord(given);
  if (!storesBlank(field) || typeof schema.format !== 'string') return given;
  const { format, ...rest } = schema;
  return { ...rest, if: { minLength: 1 }, then: { format } };
}

/** A read-only field's schema in edit mode: its type, nullable, `readOnly`. */
function readOnlySchema(field: FieldDescriptor): JsonSchema {
  const type: Record<string, string> = {
    boolean: 'boolean',
    integer: 'integer',
    reference: 'integer',
    list: 'array',
    object: 'object',
  };
  const base = field.kind === 'decimal' ? ['string', 'number'] : [type[field.kind] ?? 'string'];
  return { type: [...base, 'null'], readOnly: true };
}

/**
 * The JSON Schema the edit dialog validates in `mode`: the descriptor's `formSchema`,
 * blank-able text formats made conditional, and in `edit` mode the read-only fields
 * (except the id) after the writable ones. Must equal `buildForm(descriptor, mode).schema`
 * of `src/resources/form/form-schema.ts`.
 */
export function formValidationSchema(descriptor: ResourceDescriptor, mode: FormMode): JsonSchema {
  const schema: Mutable = { type: 'object', ...descriptor.formSchema };
  const properties: Mutable = { ...asRecord(schema.properties) };
  const byName = new Map(descriptor.fields.map((field) => [field.name, field]));
  for (const name of Object.keys(properties)) {
    const field = byName.get(name);
    if (field) properties[name] = writableSchema(field, properties[name]);
  }
  if (mode === 'edit') {
    for (const field of descriptor.fields) {
      if (!field.readOnly || field.name === descriptor.idField || field.name in properties)
        continue;
      properties[field.name] = readOnlySchema(field);
    }
  }
  schema.properties = properties;
  return schema;
}

/**
 * ajv's standalone code refers to its helpers by `require(…)`; the generated modules
 * import them from `./runtime` instead (ES modules, for Vite and Vitest alike).
 */
const RUNTIME_REQUIRES: readonly (readonly [string, string])[] = [
  ['require("ajv/dist/runtime/ucs2length").default', 'ucs2length'],
  ['require("ajv/dist/runtime/equal").default', 'equal'],
  ['require("ajv-formats/dist/formats").fullFormats', 'fullFormats'],
];

/** `src/generated/validators/runtime.ts`: the helpers ajv's code needs, as ES exports. */
export const VALIDATORS_RUNTIME_SOURCE = `${GENERATED_HEADER}
/**
 * What the precompiled validators import (codegen/emit/validators-source.ts): ajv's own
 * runtime helpers. They are CommonJS modules whose function is \`exports.default\`; a
 * bundler's interop gives that function, Node's gives the whole \`exports\` object.
 */
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length';
import equalModule from 'ajv/dist/runtime/equal';

function interop<T>(value: T): T {
  return typeof value === 'function' ? value : (value as unknown as { default: T }).default;
}

/** Length in Unicode code points (a surrogate pair counts once), as \`maxLength\` counts. */
export const ucs2length = interop(ucs2lengthModule);
/** Deep equality of JSON values (\`enum\`, \`uniqueItems\`). */
export const equal = interop(equalModule);
export { fullFormats } from 'ajv-formats/dist/formats';
`;

/**
 * The module of one resource: ajv's validate functions for every schema rjsf may ask
 * about (the roots of both modes and the sub-schemas rjsf resolves, e.g. an `if`), keyed
 * by `hashForSchema`, and the two root schemas. Throws when ajv's code needs a helper
 * this file does not know how to import.
 */
export function resourceValidatorsSource(descriptor: ResourceDescriptor): string {
  const roots = {
    create: formValidationSchema(descriptor, 'create'),
    edit: formValidationSchema(descriptor, 'edit'),
  };
  const schemas = new Map<string, SchemaObject>();
  for (const root of [roots.create, roots.edit]) {
    const parsed = rjsfUtils.schemaParser(root as rjsfUtilsModule.RJSFSchema);
    for (const [key, schema] of Object.entries(parsed)) schemas.set(key, schema as SchemaObject);
  }
  const keys = [...schemas.keys()].sort();
  const ajv = new Ajv({
    ...AJV_CONFIG,
    code: { source: true, esm: true },
    schemas: keys.map((key) => schemas.get(key) as SchemaObject),
  });
  addFormats(ajv);
  ajv.addFormat('data-url', DATA_URL_FORMAT_REGEX);
  ajv.addFormat('color', COLOR_FORMAT_REGEX);
  ajv.addKeyword(rjsfUtils.ADDITIONAL_PROPERTY_FLAG);
  ajv.addKeyword(rjsfUtils.RJSF_ADDITIONAL_PROPERTIES_FLAG);
  let code = standaloneCode(ajv, Object.fromEntries(keys.map((key, i) => [`v${i}`, key])));
  code = code.replace(/^"use strict";/, '');
  for (const [from, to] of RUNTIME_REQUIRES) code = code.split(from).join(to);
  const unknown = /require\("[^"]*"\)/.exec(code);
  if (unknown) {
    throw new Error(`codegen: ${descriptor.name}: ajv's code needs ${unknown[0]}, not imported`);
  }
  const used = RUNTIME_REQUIRES.map(([, name]) => name).filter((name) =>
    new RegExp(`\\b${name}\\b`).test(code),
  );
  return [
    GENERATED_HEADER,
    '// @ts-nocheck: ajv standalone output is untyped JavaScript; ./index.ts types the export.',
    used.length > 0 ? `import { ${used.join(', ')} } from './runtime';` : '',
    code,
    `/** The dialog's form (\`ResourceForm\`): what \`descriptors.ts\` leaves out. */`,
    `export const form = ${JSON.stringify({ formSchema: descriptor.formSchema ?? {}, uiSchema: descriptor.uiSchema ?? {} })};`,
    `/** The form schemas these validators were compiled from (\`buildForm(…).schema\`). */`,
    `export const schemas = ${JSON.stringify(roots)};`,
    `/** Validate functions keyed by rjsf's \`hashForSchema\` of their schema. */`,
    `export const validateFns = {${keys.map((key, i) => `${JSON.stringify(key)}: v${i}`).join(', ')}};`,
    '',
  ].join('\n');
}

/** The source of `validators/index.ts`: a lazy loader per resource name. */
export async function validatorsIndexSource(
  descriptors: readonly ResourceDescriptor[],
): Promise<string> {
  const loaders = descriptors.map(
    (descriptor) =>
      `  ${JSON.stringify(descriptor.name)}: () => import(${JSON.stringify(`./${descriptor.name}`)}) as Promise<PrecompiledFormValidators>,`,
  );
  const source = [
    GENERATED_HEADER,
    '/**',
    " * Each resource's form and its precompiled validators (codegen/emit/validators-source.ts),",
    ' * loaded on first use (a chunk per resource, with the dialog, never in the list page).',
    ' */',
    'export interface PrecompiledFormValidators {',
    "  /** The dialog's form: the JSON Schema and uiSchema `descriptors.ts` leaves out. */",
    '  readonly form: {',
    '    readonly formSchema: { readonly [key: string]: unknown };',
    '    readonly uiSchema: { readonly [key: string]: unknown };',
    '  };',
    '  /** The form JSON Schemas the functions were compiled from, per dialog mode. */',
    '  readonly schemas: {',
    '    readonly create: { readonly [key: string]: unknown };',
    '    readonly edit: { readonly [key: string]: unknown };',
    '  };',
    "  /** ajv validate functions keyed by rjsf's `hashForSchema` of their schema. */",
    '  readonly validateFns: { readonly [hash: string]: unknown };',
    '}',
    '',
    '/** Loaders of the forms and their precompiled validators by resource name. */',
    'export const formValidators: Readonly<Record<string, () => Promise<PrecompiledFormValidators>>> = {',
    ...loaders,
    '};',
    '',
  ].join('\n');
  return formatTypeScript(source);
}

/** Every file of `src/generated/validators/`, keyed by path relative to `src/generated/`. */
export async function validatorsFiles(
  descriptors: readonly ResourceDescriptor[],
): Promise<Map<string, string>> {
  const files = new Map<string, string>([
    ['validators/index.ts', await validatorsIndexSource(descriptors)],
    ['validators/runtime.ts', VALIDATORS_RUNTIME_SOURCE],
  ]);
  for (const descriptor of descriptors) {
    files.set(`validators/${descriptor.name}.ts`, resourceValidatorsSource(descriptor));
  }
  return files;
}

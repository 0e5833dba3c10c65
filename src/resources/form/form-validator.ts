/**
 * The edit form's validator without `eval` (docs/security.md: the Content-Security-Policy
 * has no `'unsafe-eval'`; docs/security-headers.md).
 *
 * - A generated resource validates with the ajv code codegen compiled from its form schema
 *   (`src/generated/validators/`, loaded with the dialog): rjsf's
 *   `createPrecompiledValidator`, the same errors and messages as ajv compiled at run time.
 * - When there is no precompiled code for the schema the dialog shows (a descriptor made
 *   or changed at run time, e.g. an override changing `formSchema`, or a back-end whose
 *   schema codegen never saw) or until that code has loaded, {@link basicValidator} checks
 *   what it can without compiling anything: types, `required`, lengths, bounds, `pattern`,
 *   `enum`, the `date` / `date-time` / `email` formats and `if`/`then`. Anything else is
 *   left to the server, whose 400 answer puts its messages beside the fields anyway.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  createErrorHandler,
  deepEquals,
  getDefaultFormState,
  toErrorList,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type RJSFSchema,
  type RJSFValidationError,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import { fullFormats } from 'ajv-formats/dist/formats';
import type { JsonSchema, ResourceForm } from '../descriptor';
import type { FormMode } from './form-schema';

/**
 * A resource's form and its precompiled validators, as `src/generated/validators/<name>.ts`
 * exports them.
 */
export interface PrecompiledFormValidators {
  /** The form the generated descriptor leaves out (see `useFormDescriptor`). */
  readonly form: ResourceForm;
  readonly schemas: { readonly create: JsonSchema; readonly edit: JsonSchema };
  readonly validateFns: { readonly [hash: string]: unknown };
}

/** Loaders of precompiled validators by resource name (`formValidators` of the generated index). */
export type FormValidatorLoaders = Readonly<
  Record<string, () => Promise<PrecompiledFormValidators>>
>;

type Json = Record<string, unknown>;
/** rjsf's validator interface with its default type parameters, as `Form` takes it. */
type FormValidatorType = ValidatorType;

/** One failed check, shaped as ajv reports it (so rjsf and our messages read it alike). */
interface RawError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: Json;
  readonly message: string;
  readonly schemaPath: string;
}

function asSchema(value: unknown): Json | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(value: unknown, type: string): boolean {
  const actual = jsonType(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

/** Whether `value` is in a format of ajv-formats' full set (no code is compiled for it). */
function formatMatches(format: string, value: string): boolean {
  const check = (fullFormats as Record<string, unknown>)[format];
  if (check instanceof RegExp) return check.test(value);
  if (typeof check === 'function') return Boolean(check(value));
  if (check && typeof check === 'object' && 'validate' in check) {
    const validate = (check as { validate: unknown }).validate;
    if (validate instanceof RegExp) return validate.test(value);
    if (typeof validate === 'function') return Boolean(validate(value));
  }
  return true; // An unknown format is the server's to check.
}

/** The checks of {@link basicValidator}, collected as ajv would name them. */
function check(schema: Json, value: unknown, path: string, at: string, out: RawError[]): void {
  const fail = (keyword: string, params: Json, message: string) =>
    out.push({ instancePath: path, keyword, params, message, schemaPath: `${at}/${keyword}` });
  if (value === undefined) return;
  const types = schema.type === undefined ? [] : ([] as unknown[]).concat(schema.type);
  if (types.length > 0 && !types.some((type) => typeMatches(value, String(type)))) {
    fail('type', { type: schema.type }, `must be ${types.join(',')}`);
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => deepEquals(option, value)))
    fail('enum', { allowedValues: schema.enum }, 'must be equal to one of the allowed values');
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.maxLength === 'number' && length > schema.maxLength)
      fail(
        'maxLength',
        { limit: schema.maxLength },
        `must NOT have more than ${schema.maxLength} characters`,
      );
    if (typeof schema.minLength === 'number' && length < schema.minLength)
      fail(
        'minLength',
        { limit: schema.minLength },
        `must NOT have fewer than ${schema.minLength} characters`,
      );
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value))
      fail('pattern', { pattern: schema.pattern }, `must match pattern "${schema.pattern}"`);
    if (typeof schema.format === 'string' && !formatMatches(schema.format, value))
      fail('format', { format: schema.format }, `must match format "${schema.format}"`);
  }
  if (typeof value === 'number') {
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      fail('maximum', { comparison: '<=', limit: schema.maximum }, `must be <= ${schema.maximum}`);
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      fail('minimum', { comparison: '>=', limit: schema.minimum }, `must be >= ${schema.minimum}`);
  }
  const condition = asSchema(schema.if);
  const then = asSchema(schema.then);
  if (condition && then && validate(condition, value).length === 0) {
    const before = out.length;
    check(then, value, path, `${at}/then`, out);
    if (out.length > before) fail('if', { failingKeyword: 'then' }, 'must match "then" schema');
  }
  if (Array.isArray(value)) {
    const items = asSchema(schema.items);
    if (items) value.forEach((item, i) => check(items, item, `${path}/${i}`, `${at}/items`, out));
    if (schema.uniqueItems === true) {
      const duplicate = value.findIndex(
        (item, i) => value.findIndex((other) => deepEquals(other, item)) !== i,
      );
      if (duplicate >= 0) fail('uniqueItems', { i: duplicate }, 'must NOT have duplicate items');
    }
  }
  const properties = asSchema(schema.properties);
  const object = asSchema(value);
  if (object) {
    for (const name of Array.isArray(schema.required) ? schema.required : []) {
      if (object[String(name)] === undefined)
        fail(
          'required',
          { missingProperty: name },
          `must have required property '${String(name)}'`,
        );
    }
    for (const [name, sub] of Object.entries(properties ?? {})) {
      const subschema = asSchema(sub);
      if (subschema)
        check(subschema, object[name], `${path}/${name}`, `${at}/properties/${name}`, out);
    }
  }
}

function validate(schema: Json, value: unknown): RawError[] {
  const out: RawError[] = [];
  check(schema, value, '', '#', out);
  return out;
}

/** ajv's errors as rjsf's (as `@rjsf/validator-ajv8`'s `transformRJSFValidationErrors` does). */
function toRjsfErrors(errors: readonly RawError[]): RJSFValidationError[] {
  return errors.map(({ instancePath, keyword, params, message, schemaPath }) => {
    let property = instancePath.replace(/\//g, '.');
    const missing = params.missingProperty;
    const stack = missing === undefined ? `${property} ${message}`.trim() : message;
    if (missing !== undefined)
      property = property ? `${property}.${String(missing)}` : String(missing);
    return { name: keyword, property, message, params, stack, schemaPath };
  });
}

/**
 * A validator that compiles nothing (see the file comment): for forms without precompiled
 * code. Never throws on an unknown keyword or format; it just does not check it.
 */
export const basicValidator: FormValidatorType = {
  validateFormData(formData, schema, customValidate, transformErrors, uiSchema) {
    let errors = toRjsfErrors(validate(schema as Json, formData ?? {}));
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const result: ValidationData<unknown> = { errors, errorSchema: toErrorSchema(errors) };
    if (!customValidate) return result;
    const data = getDefaultFormState(basicValidator, schema, formData, schema, true);
    const handler = customValidate(data, createErrorHandler(data), uiSchema);
    return validationDataMerge(result, unwrapErrorHandler(handler));
  },
  toErrorList: (errorSchema, fieldPath) => toErrorList(errorSchema, fieldPath),
  isValid: (schema, formData) => validate(schema as Json, formData).length === 0,
  rawValidation: <Result>(schema: RJSFSchema, formData?: unknown) => ({
    errors: validate(schema as Json, formData) as unknown as Result[],
  }),
};

/**
 * rjsf's precompiled validator for `schema`, falling back on {@link basicValidator} for a
 * sub-schema it holds no function for (it would throw), so the form never breaks.
 */
export function precompiledValidator(
  loaded: PrecompiledFormValidators,
  schema: JsonSchema,
): FormValidatorType {
  const precompiled = createPrecompiledValidator(
    loaded.validateFns as ValidatorFunctions,
    schema as RJSFSchema,
  ) as FormValidatorType;
  return {
    validateFormData: (...args) => precompiled.validateFormData(...args),
    toErrorList: (errorSchema, fieldPath) => toErrorList(errorSchema, fieldPath),
    isValid(subschema, formData, rootSchema) {
      try {
        return precompiled.isValid(subschema, formData, rootSchema);
      } catch {
        return basicValidator.isValid(subschema, formData, rootSchema);
      }
    },
    rawValidation: (root, formData) => precompiled.rawValidation(root, formData),
  };
}

/**
 * The validator for a form of `resource` in `mode`: the precompiled one when its loader
 * exists and its compiled schema equals `schema` (what the dialog shows), else
 * {@link basicValidator} — also while the precompiled code loads, or if loading fails.
 */
export function useFormValidator(
  loaders: FormValidatorLoaders,
  resource: string,
  mode: FormMode,
  schema: JsonSchema,
): FormValidatorType {
  const [loaded, setLoaded] = useState<{
    readonly resource: string;
    readonly value: PrecompiledFormValidators;
  }>();
  const load = loaders[resource];
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (value) => live && setLoaded({ resource, value }),
      // A chunk that fails to load leaves the basic checks; the server validates anyway.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [load, resource]);
  const precompiled = loaded?.resource === resource ? loaded.value : undefined;
  return useMemo(() => {
    if (precompiled && deepEquals(precompiled.schemas[mode], schema))
      return precompiledValidator(precompiled, schema);
    if (import.meta.env.DEV && precompiled)
      console.warn(`No precompiled validator matches the ${mode} form of "${resource}"`);
    return basicValidator;
  }, [precompiled, mode, schema, resource]);
}

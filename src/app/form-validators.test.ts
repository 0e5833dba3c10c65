/**
 * The precompiled form validators (codegen/emit/validators-source.ts) against the app's
 * real forms: every generated resource, with the app's overrides merged, in both dialog
 * modes. They must be the ones the dialog picks (their schema equals `buildForm`'s, or the
 * dialog would fall back to the basic checks) and must report exactly what rjsf's ajv
 * validator compiling at run time reports, so dropping `'unsafe-eval'` changed no message
 * (docs/security.md). The basic fallback must find the same failing fields.
 */
import { describe, expect, it } from 'vitest';
import ajvValidator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { overrides } from '../../overrides';
import { descriptors } from '../generated/descriptors';
import { formValidators } from '../generated/validators';
import { mergeOverrides } from '../resources';
import { withForm } from '../resources/form/form-descriptor';
import { buildForm, type FormMode } from '../resources/form/form-schema';
import { basicValidator, precompiledValidator } from '../resources/form/form-validator';

const merged = mergeOverrides(descriptors, overrides);
const cases = merged.flatMap((descriptor) =>
  (['create', 'edit'] as const).map((mode): [string, FormMode] => [descriptor.name, mode]),
);

type Json = Record<string, unknown>;

/** A wrong value for each property the schema constrains; `undefined` when none is known. */
function wrongValue(schema: Json): unknown {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (typeof schema.maxLength === 'number') return 'x'.repeat(schema.maxLength + 1);
  if (typeof schema.format === 'string' || (schema.then as Json | undefined)?.format)
    return 'not valid at all';
  if (typeof schema.pattern === 'string') return '!?';
  if (Array.isArray(schema.enum)) return 'no-such-choice';
  if (types.includes('integer') || types.includes('number')) return 'abc';
  if (types.includes('array')) return 'not a list';
  if (types.includes('boolean')) return 'yes';
  return undefined;
}

/** Data sets: nothing typed, every field wrong, every text field blank. */
function samples(schema: Json): Json[] {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Json>);
  const wrong = Object.fromEntries(properties.map(([name, sub]) => [name, wrongValue(sub)]));
  const blank = Object.fromEntries(properties.map(([name]) => [name, '']));
  return [{}, wrong, blank];
}

function fields(errors: readonly { name?: string; property?: string }[]) {
  return errors.map((error) => `${error.property ?? ''} ${error.name ?? ''}`).sort();
}

describe('precompiled form validators', () => {
  it('exist for every generated resource', () => {
    expect(Object.keys(formValidators).sort()).toEqual(descriptors.map((d) => d.name).sort());
  });

  it.each(cases)('%s (%s): compiled from the schema the dialog shows', async (name, mode) => {
    const loaded = await formValidators[name]!();
    const descriptor = withForm(
      merged.find((candidate) => candidate.name === name)!,
      loaded.form,
    );
    expect(loaded.schemas[mode]).toEqual(buildForm(descriptor, mode).schema);
  });

  it.each(cases)('%s (%s): the same errors as ajv compiling at run time', async (name, mode) => {
    const loaded = await formValidators[name]!();
    const descriptor = withForm(
      merged.find((candidate) => candidate.name === name)!,
      loaded.form,
    );
    const schema = buildForm(descriptor, mode).schema as RJSFSchema;
    const precompiled = precompiledValidator(loaded, schema);
    for (const data of samples(schema)) {
      const expected = ajvValidator.validateFormData(data, schema);
      const actual = precompiled.validateFormData(data, schema);
      expect(actual.errors).toEqual(expected.errors);
      expect(actual.errorSchema).toEqual(expected.errorSchema);
      // The fallback without precompiled code finds the same failing fields and keywords.
      expect(fields(basicValidator.validateFormData(data, schema).errors)).toEqual(
        fields(expected.errors),
      );
    }
  });

  it('answers the sub-schemas rjsf resolves (a blank-able format is checked only when filled)', async () => {
    const name = 'customers';
    const loaded = await formValidators[name]!();
    const descriptor = withForm(
      merged.find((d) => d.name === name)!,
      loaded.form,
    );
    const schema = buildForm(descriptor, 'edit').schema as RJSFSchema;
    const precompiled = precompiledValidator(loaded, schema);
    expect(precompiled.isValid({ minLength: 1 }, '', schema)).toBe(false);
    expect(precompiled.isValid({ minLength: 1 }, 'a', schema)).toBe(true);
  });
});

describe('basicValidator (no precompiled code: a schema known only at run time)', () => {
  const schema: RJSFSchema = {
    type: 'object',
    required: ['name', 'from'],
    properties: {
      name: { type: 'string', maxLength: 3 },
      from: { type: 'string', format: 'date' },
      count: { type: ['integer', 'null'], minimum: 0 },
      mail: { type: 'string', if: { minLength: 1 }, then: { format: 'email' } },
      kind: { type: 'string', enum: ['a', 'b'] },
      code: { type: 'string', pattern: '^[0-9]+$' },
      // A format nobody knows is left to the server.
      unknown: { type: 'string', format: 'no-such-format' },
    },
  };

  it('reports required, length, format, bounds, enum and pattern as ajv names them', () => {
    const { errors } = basicValidator.validateFormData(
      { name: 'abcd', count: -1, mail: 'nope', kind: 'c', code: '1a', unknown: 'x' },
      schema,
    );
    expect(fields(errors)).toEqual([
      '.code pattern',
      '.count minimum',
      '.kind enum',
      '.mail format',
      '.mail if',
      '.name maxLength',
      'from required',
    ]);
  });

  it('accepts valid data, a blank optional e-mail and null where allowed', () => {
    const data = { name: 'abc', from: '2025-02-28', count: null, mail: '', kind: 'a', code: '12' };
    expect(basicValidator.validateFormData(data, schema).errors).toEqual([]);
    expect(basicValidator.isValid(schema, data, schema)).toBe(true);
  });

  it('refuses an impossible date and a wrong type', () => {
    const { errors } = basicValidator.validateFormData(
      { name: 'a', from: '2025-02-30', count: 'many' },
      schema,
    );
    expect(fields(errors)).toEqual(['.count type', '.from format']);
  });

  it('runs the transformer and the custom validation, as rjsf expects', () => {
    const result = basicValidator.validateFormData(
      { name: 'a', from: '2025-01-01' },
      schema,
      (_data, errors) => {
        errors.name?.addError('custom');
        return errors;
      },
      (errors) => errors.map((error) => ({ ...error, message: 'changed' })),
    );
    expect(result.errorSchema.name).toEqual({ __errors: ['custom'] });
    expect(result.errors.map((error) => error.message)).toEqual(['custom']);
  });
});

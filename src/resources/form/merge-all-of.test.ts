import { describe, expect, it } from 'vitest';
import { deepEquals, retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import * as customersValidators from '../../generated/validators/customers';
import { basicValidator, precompiledValidator } from './form-validator';
import { mergeAllOf } from './merge-all-of';

describe('mergeAllOf (the dialog form’s allOf merger)', () => {
  // The create form's schema, as the dialog shows it and its validator was compiled for.
  const schema = customersValidators.schemas.create as unknown as RJSFSchema;

  it.each([
    ['no type', {}],
    ['a company', { type: 'company', company_name: '' }],
    ['a person', { type: 'person', first_name: 'Jana' }],
  ])('resolves the generated conditional rules as rjsf’s own merger does: %s', (_, formData) => {
    expect(schema.allOf?.length).toBeGreaterThan(0);
    const ours = retrieveSchema(basicValidator, schema, schema, formData, mergeAllOf);
    const library = retrieveSchema(basicValidator, schema, schema, formData);
    expect(ours).not.toHaveProperty('allOf');
    // Equal as the precompiled validator compares them (an array's order counts)…
    expect(deepEquals(ours, library)).toBe(true);
    // …which validates the data against what rjsf resolved with mergeAllOf, and throws on
    // a schema it does not recognise.
    const validator = precompiledValidator(customersValidators, schema);
    expect(() => validator.validateFormData(formData, ours)).not.toThrow();
  });

  it('requires what the rule that holds requires, and only that', () => {
    const company = retrieveSchema(basicValidator, schema, schema, { type: 'company' }, mergeAllOf);
    expect(company.required).toEqual(expect.arrayContaining(['customer_no', 'type', 'crn']));
    expect(company.required).not.toContain('last_name');
    expect(company.properties?.crn).toMatchObject({ type: 'string', maxLength: 8, minLength: 1 });
    const person = retrieveSchema(basicValidator, schema, schema, { type: 'person' }, mergeAllOf);
    expect(person.required).toEqual(expect.arrayContaining(['first_name', 'last_name']));
    expect(person.required).not.toContain('crn');
  });

  it('keeps the stricter of two bounds and names a required field once', () => {
    const merged = mergeAllOf({
      type: 'object',
      required: ['a'],
      properties: { a: { type: 'string', minLength: 3, maxLength: 10 }, n: { maximum: 5 } },
      allOf: [
        { required: ['a', 'b'], properties: { a: { minLength: 1, maxLength: 20 } } },
        { properties: { n: { maximum: 2, minimum: 1 } } },
        true,
      ],
    });
    expect(merged).toEqual({
      type: 'object',
      required: ['a', 'b'],
      properties: {
        a: { type: 'string', minLength: 3, maxLength: 10 },
        n: { maximum: 2, minimum: 1 },
      },
    });
  });

  it('changes neither the schema nor its members, and returns one without allOf as it is', () => {
    const member = { required: ['b'], properties: { b: { minLength: 1 } } };
    const input: RJSFSchema = {
      required: ['a'],
      properties: { b: { type: 'string' } },
      allOf: [member],
    };
    const copy = structuredClone(input);
    mergeAllOf(input);
    expect(input).toEqual(copy);
    const plain: RJSFSchema = { type: 'object', properties: {} };
    expect(mergeAllOf(plain)).toBe(plain);
  });
});

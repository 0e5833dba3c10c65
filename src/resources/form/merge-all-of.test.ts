import { describe, expect, it } from 'vitest';
import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { form as customersForm } from '../../generated/validators/customers';
import { basicValidator } from './form-validator';
import { mergeAllOf } from './merge-all-of';

/** `required` lists sorted, so that two mergers' orders do not matter. */
function normalized(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(normalized);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === 'required' && Array.isArray(value) ? [...value].sort() : normalized(value),
    ]),
  );
}

describe('mergeAllOf (the dialog form’s allOf merger)', () => {
  const schema = customersForm.formSchema as unknown as RJSFSchema;

  it.each([
    ['no type', {}],
    ['a company', { type: 'company', company_name: '' }],
    ['a person', { type: 'person', first_name: 'Jana' }],
  ])('resolves the generated conditional rules as rjsf’s own merger does: %s', (_, formData) => {
    expect(schema.allOf?.length).toBeGreaterThan(0);
    const ours = retrieveSchema(basicValidator, schema, schema, formData, mergeAllOf);
    const library = retrieveSchema(basicValidator, schema, schema, formData);
    expect(ours).not.toHaveProperty('allOf');
    expect(normalized(ours)).toEqual(normalized(library));
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

/**
 * The precompiled validators' source: the schemas compiled are the dialog's, and the
 * emitted module runs without compiling anything (no `new Function` / `eval` when loaded
 * and used: the CSP of docs/security-headers.md has no 'unsafe-eval').
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ResourceDescriptor } from '../descriptor-types';
import {
  formValidationSchema,
  resourceValidatorsSource,
  VALIDATORS_RUNTIME_SOURCE,
} from './validators-source';

const descriptor: ResourceDescriptor = {
  name: 'things',
  path: '/things/',
  privilege: null,
  title: 'resource.things.title',
  idField: 'id',
  titleFields: ['name'],
  fields: [
    { name: 'id', kind: 'integer', label: 'l', required: false, readOnly: true, nullable: false },
    { name: 'name', kind: 'string', label: 'l', required: true, readOnly: false, nullable: false },
    { name: 'mail', kind: 'email', label: 'l', required: false, readOnly: false, nullable: false },
    { name: 'made', kind: 'datetime', label: 'l', required: false, readOnly: true, nullable: true },
  ],
  columns: ['name'],
  sortFields: [],
  filterFields: [],
  searchable: false,
  operations: { list: true, create: true, retrieve: true, update: true, destroy: true },
  formSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', maxLength: 5 },
      mail: { type: 'string', format: 'email' },
    },
    required: ['name'],
  },
  uiSchema: {},
};

const dir = await mkdtemp(join(process.cwd(), 'codegen/.validators-test-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('formValidationSchema', () => {
  it('makes a blank-able format conditional and adds read-only fields when editing', () => {
    expect(formValidationSchema(descriptor, 'create')).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: 5 },
        mail: { type: 'string', if: { minLength: 1 }, then: { format: 'email' } },
      },
      required: ['name'],
    });
    expect(formValidationSchema(descriptor, 'edit').properties).toMatchObject({
      made: { type: ['string', 'null'], readOnly: true },
    });
    expect(formValidationSchema(descriptor, 'edit').properties).not.toHaveProperty('id');
  });
});

describe('resourceValidatorsSource', () => {
  it('emits a module that validates without compiling code', async () => {
    await writeFile(join(dir, 'runtime.ts'), VALIDATORS_RUNTIME_SOURCE);
    await writeFile(join(dir, 'things.ts'), resourceValidatorsSource(descriptor));
    const compile = vi.spyOn(globalThis, 'Function');
    const module = (await import(join(dir, 'things.ts'))) as {
      schemas: { create: unknown };
      validateFns: Record<string, ((data: unknown) => boolean) & { errors?: unknown[] | null }>;
    };
    expect(module.schemas.create).toEqual(formValidationSchema(descriptor, 'create'));
    const functions = Object.values(module.validateFns);
    expect(functions.length).toBeGreaterThanOrEqual(2); // the roots and the `if`
    const validate = functions.find((fn) => !fn({ name: 'toolong', mail: 'x' }) && fn.errors);
    expect(validate?.errors?.map((error) => (error as { keyword: string }).keyword)).toEqual(
      expect.arrayContaining(['maxLength', 'format']),
    );
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });
});

/**
 * The generated forms and validators (`src/generated/validators/<name>.ts`), imported at
 * once for tests: a dialog finds its form without waiting for a module to be transformed,
 * and the form harness lays it under a generated descriptor synchronously.
 */
import type { ResourceDescriptor } from '../descriptor';
import { withForm } from '../form/form-descriptor';
import type { FormValidatorLoaders, PrecompiledFormValidators } from '../form/form-validator';

const modules = Object.entries(
  import.meta.glob<Partial<PrecompiledFormValidators>>('../../generated/validators/*.ts', {
    eager: true,
  }),
).flatMap(([path, module]) => {
  const name = /([^/]+)\.ts$/.exec(path)?.[1];
  return name && module.form ? [[name, module as PrecompiledFormValidators] as const] : [];
});

/** Loaders of the generated forms and validators, resolving at once. */
export const generatedValidators: FormValidatorLoaders = Object.fromEntries(
  modules.map(([name, module]) => [name, () => Promise.resolve(module)]),
);

const forms = new Map(modules.map(([name, module]) => [name, module.form]));

/**
 * `descriptor` with its generated form laid under it, as the dialog lays it
 * (`useFormDescriptor`), when it carries none and is a generated resource's.
 */
export function withGeneratedForm(descriptor: ResourceDescriptor): ResourceDescriptor {
  const form = descriptor.formSchema ? undefined : forms.get(descriptor.name);
  return form ? withForm(descriptor, form) : descriptor;
}

/**
 * The dialog's descriptor with its form. The generated descriptors the list pages load
 * leave each resource's form out (`formSchema`, `uiSchema`: only the dialog reads them);
 * codegen writes it into the resource's validators module, which the dialog loads anyway
 * (`ResourceRuntime.formValidators`, a chunk per resource), so a list page carries no form.
 */
import { useEffect, useMemo, useState } from 'react';
import type { ResourceDescriptor, ResourceForm } from '../descriptor';
import { mergeFieldUi, type FieldUiPatch } from '../registry/overrides';
import type { LazyComponent } from '../registry/lazy-component';
import { useResourceOverride, useResourceRuntime } from '../registry/resource-runtime';
import type { PrecompiledFormValidators } from './form-validator';

/**
 * `descriptor` with `form` laid under it: the form's JSON Schema, and its uiSchema with the
 * descriptor's own entries (an override's) laid over it field by field (`mergeFieldUi`).
 */
export function withForm(descriptor: ResourceDescriptor, form: ResourceForm): ResourceDescriptor {
  return {
    ...descriptor,
    formSchema: form.formSchema,
    uiSchema: mergeFieldUi(form.uiSchema, descriptor.uiSchema as FieldUiPatch | undefined),
  };
}

type Loader = () => Promise<PrecompiledFormValidators>;

/** What each loader gave, once it has: a dialog opened later finds its form at once. */
const loaded = new WeakMap<Loader, PrecompiledFormValidators>();

/**
 * The descriptor the dialog builds its form from: `descriptor` itself when it carries its
 * form (one built in memory) or has no module, else with the form of its module laid under
 * it ({@link withForm}), or undefined while that module (and the code of the override's
 * widgets, see `lazyComponent`) loads (the list page loads the module ahead, once its rows
 * are painted). A failed load throws to the nearest error boundary, as
 * a failed load of the dialog's own code does.
 */
export function useFormDescriptor(descriptor: ResourceDescriptor): ResourceDescriptor | undefined {
  const { formValidators } = useResourceRuntime();
  const { widgets } = useResourceOverride(descriptor);
  const load = descriptor.formSchema ? undefined : formValidators[descriptor.name];
  const [result, setResult] = useState<{
    readonly load: Loader;
    readonly value?: PrecompiledFormValidators;
    readonly error?: unknown;
  }>();
  useEffect(() => {
    if (!load || loaded.has(load)) return;
    let live = true;
    // The override's widgets whose code loads on first use come with the form, so that the
    // form never shows a spinner in a field's place.
    const widgetCode = Object.values(widgets ?? {}).map((widget) =>
      (widget as Partial<LazyComponent<object>>).preload?.(),
    );
    Promise.all([load(), ...widgetCode]).then(
      ([value]) => {
        loaded.set(load, value);
        if (live) setResult({ load, value });
      },
      (error: unknown) => live && setResult({ load, error }),
    );
    return () => {
      live = false;
    };
  }, [load, widgets]);
  if (result && result.load === load && result.error !== undefined) throw result.error;
  const form = load && loaded.get(load)?.form;
  return useMemo(
    () => (!load ? descriptor : form ? withForm(descriptor, form) : undefined),
    [descriptor, load, form],
  );
}

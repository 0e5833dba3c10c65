/** A controlled `ResourceForm` for widget tests: the latest form data is readable. */
import { useState } from 'react';
import ajvValidator from '@rjsf/validator-ajv8';
import { buildForm, type FormMode } from '../form/form-schema';
import { ResourceForm, type ResourceFormProps } from '../form/resource-form';
import type { ResourceDescriptor } from '../descriptor';
import { withGeneratedForm } from './generated-forms';

type Data = Readonly<Record<string, unknown>>;

/** Props of `FormHarness`. */
export interface FormHarnessProps {
  readonly descriptor: ResourceDescriptor;
  readonly initial: Data;
  /** @default 'edit' */
  readonly mode?: FormMode;
  /** Receives every change. */
  readonly onData?: (data: Data) => void;
  readonly onSubmit?: (data: Data) => void;
  /** The row as the API answered it (its embedded titles name references). */
  readonly stored?: Data;
  /** Widgets of an override. */
  readonly widgets?: ResourceFormProps['widgets'];
  /** Server field errors, as after a refused save. */
  readonly extraErrors?: ResourceFormProps['extraErrors'];
  /** Cross-field checks of an override. */
  readonly validate?: ResourceFormProps['validate'];
  /**
   * The JSON Schema validator. @default rjsf's ajv validator compiling at run time: fine
   * in tests (no CSP); `src/app/form-validators.test.ts` shows the precompiled ones the app
   * uses give the same errors.
   */
  readonly validator?: ResourceFormProps['validator'];
}

/** The resource's form with its own state, and a submit button. */
export function FormHarness({
  descriptor,
  initial,
  mode = 'edit',
  onData,
  onSubmit,
  stored,
  widgets,
  extraErrors,
  validate,
  validator = ajvValidator,
}: FormHarnessProps) {
  const [form] = useState(() => buildForm(withGeneratedForm(descriptor), mode));
  const [data, setData] = useState(initial);
  return (
    <>
      <ResourceForm
        id="harness"
        form={form}
        formData={data}
        stored={stored}
        widgets={widgets}
        extraErrors={extraErrors}
        validate={validate}
        validator={validator}
        onChange={(next) => {
          setData(next);
          onData?.(next);
        }}
        onSubmit={(next) => onSubmit?.(next)}
      />
      <button type="submit" form="harness">
        submit
      </button>
    </>
  );
}

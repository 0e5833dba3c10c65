import { ApiError, type FieldErrorTree } from '../../api';

/**
 * Server field errors in rjsf's `ErrorSchema` shape (`{field: {__errors: [...]}}`, nested
 * objects nest), declared here so controllers need no rjsf import; it is assignable to
 * rjsf's `extraErrors`.
 */
export interface ServerErrorSchema {
  __errors?: string[];
  [field: string]: ServerErrorSchema | string[] | undefined;
}

/** A failed save split into what goes beside fields and what goes above the form. */
export interface FormErrorParts {
  readonly extraErrors: ServerErrorSchema;
  /** Messages for the Callout above the form, in the order the server sent them. */
  readonly formErrors: readonly string[];
}

function toSchema(tree: FieldErrorTree): ServerErrorSchema {
  if (Array.isArray(tree)) return { __errors: [...(tree as readonly string[])] };
  const schema: ServerErrorSchema = {};
  for (const [key, child] of Object.entries(tree as Record<string, FieldErrorTree>)) {
    schema[key] = toSchema(child);
  }
  return schema;
}

function flatten(tree: FieldErrorTree): string[] {
  if (Array.isArray(tree)) return [...(tree as readonly string[])];
  return Object.values(tree as Record<string, FieldErrorTree>).flatMap(flatten);
}

/**
 * Maps a 400's DRF body (docs/api.md "Errors") to rjsf: field errors beside their fields,
 * `non_field_errors` and `detail` above the form. Errors of fields the form does not show
 * (`formFields` given and the key not in it) move above the form as `field: message`, so no
 * server message is lost. Anything that is not an `ApiError` gives empty parts.
 */
export function toRjsfErrors(error: unknown, formFields?: readonly string[]): FormErrorParts {
  if (!(error instanceof ApiError)) return { extraErrors: {}, formErrors: [] };
  const extraErrors: ServerErrorSchema = {};
  const hidden: string[] = [];
  for (const [field, tree] of Object.entries(error.fieldErrors)) {
    if (!formFields || formFields.includes(field)) extraErrors[field] = toSchema(tree);
    else hidden.push(...flatten(tree).map((message) => `${field}: ${message}`));
  }
  return { extraErrors, formErrors: [...error.formErrors, ...hidden] };
}

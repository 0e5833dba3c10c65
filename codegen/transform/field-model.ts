/**
 * What codegen knows about a field while it builds a resource: the public
 * {@link FieldDescriptor} plus facts the runtime does not need but later transforms do.
 */
import type { FieldDescriptor } from '../descriptor-types';

/** A field descriptor with codegen-internal facts. */
export interface FieldModel extends FieldDescriptor {
  /** Never sent by the server (`writeOnly`, e.g. `password`): no column, no sort, no filter. */
  readonly writeOnly: boolean;
  /** A `decimal` that travels as a JSON number (OpenAPI `type: number`), not a string. */
  readonly numeric: boolean;
  /** Label when no OPTIONS answer has one: the OpenAPI `title`, else DRF's default (`customer_no` → `Customer no`). */
  readonly fallbackLabel: string;
  /** Choice display names when no OPTIONS answer has them (drf-spectacular enum descriptions). */
  readonly fallbackChoiceNames: ReadonlyMap<string, string>;
  /** Nested fields for `object` kind, or for a `list` of objects. */
  readonly fields?: readonly FieldModel[];
}

/** The public descriptor of a field model: internal facts dropped, nested fields too. */
export function toFieldDescriptor(model: FieldModel): FieldDescriptor {
  const {
    writeOnly: _writeOnly,
    numeric: _numeric,
    fallbackLabel: _fallbackLabel,
    fallbackChoiceNames: _fallbackChoiceNames,
    fields,
    ...descriptor
  } = model;
  return fields === undefined
    ? descriptor
    : { ...descriptor, fields: fields.map(toFieldDescriptor) };
}

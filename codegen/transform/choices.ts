/**
 * The allowed values of a choice field (or of a list of choices) with their message ids,
 * from OPTIONS `choices` when present (DRF omits them for read-only fields), else from the
 * OpenAPI enum; display names fall back to drf-spectacular's enum description lines
 * (`` * `person` - Person ``).
 */
import type { ChoiceDescriptor } from '../descriptor-types';
import type { OptionsChoice } from '../parse/options';
import type { EnumValue } from '../parse/openapi';
import { choiceGroupId, choiceId } from './message-ids';

/** What {@link fieldChoices} looks at. */
export interface ChoicesInput {
  readonly resource: string;
  /** Field path (one name, or more for nested fields). */
  readonly path: readonly string[];
  readonly optionsChoices?: readonly OptionsChoice[];
  readonly enumValues?: readonly EnumValue[];
  /** Description of the property or its enum, possibly listing display names. */
  readonly description?: string;
}

/** Choices with message ids, and display names to use when no OPTIONS answer has them. */
export interface ChoicesResult {
  readonly choices: readonly ChoiceDescriptor[];
  readonly fallbackNames: ReadonlyMap<string, string>;
}

/** Choices in the server's order; blank and null values are left to `nullable`. */
export function fieldChoices(input: ChoicesInput): ChoicesResult {
  const described = describedNames(input.description);
  const values: (string | number)[] = [];
  const fallbackNames = new Map<string, string>();
  const add = (value: string | number, name: string | undefined): void => {
    if (value === '' || values.includes(value)) return;
    values.push(value);
    fallbackNames.set(String(value), name ?? described.get(String(value)) ?? String(value));
  };
  if (input.optionsChoices !== undefined && input.optionsChoices.length > 0) {
    for (const c of input.optionsChoices) add(c.value, c.displayName);
  } else {
    for (const v of input.enumValues ?? []) {
      if (typeof v === 'string' || typeof v === 'number') add(v, undefined);
    }
  }
  const groups = new Map(
    (input.optionsChoices ?? []).flatMap((c) =>
      c.group === undefined ? [] : [[c.value, c.group]],
    ),
  );
  const choices = values.map((value): ChoiceDescriptor => {
    const group = groups.get(value);
    return {
      value,
      label: choiceId(input.resource, input.path, value),
      ...(group !== undefined && { group: choiceGroupId(input.resource, input.path, group) }),
    };
  });
  return { choices, fallbackNames };
}

/** Parses drf-spectacular's `` * `value` - Display name `` lines. */
export function describedNames(description: string | undefined): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  for (const line of (description ?? '').split('\n')) {
    const match = /^\s*\*\s+`([^`]*)`\s+-\s+(.*?)\s*$/.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) names.set(match[1], match[2]);
  }
  return names;
}

import { messages } from '../../../i18n/messages';
import type { Choice, ChoiceField, MultipleChoiceField, Parsed } from '../types';
import { fail, ok, pythonTypeName, type FieldCodec } from './codec';

/** The choice whose value is the text of `input`, as DRF's ChoiceField matches it. */
function matchChoice(input: unknown, choices: readonly Choice[]): Parsed<string> {
  const text = typeof input === 'object' ? JSON.stringify(input) : String(input);
  return choices.some((choice) => choice.value === text)
    ? ok(text)
    : fail(messages.invalidChoice(text));
}

/** `choice` fields (DRF ChoiceField). */
export const choiceCodec: FieldCodec<ChoiceField> = {
  fromJson(input, field) {
    if (input === '' && field.allowBlank) return ok('');
    return matchChoice(input, field.choices);
  },
  toJson: (stored) => String(stored),
  fromQuery: (query, field) => matchChoice(query, field.choices),
};

/**
 * `multiple choice` fields (DRF MultipleChoiceField): a JSON list of choice values, stored
 * without duplicates in the order of `choices`.
 */
export const multipleChoiceCodec: FieldCodec<MultipleChoiceField> = {
  fromJson(input, field) {
    if (!Array.isArray(input)) return fail(messages.notAList(pythonTypeName(input)));
    if (input.length === 0 && field.allowEmpty === false) return fail(messages.emptySelection);
    const picked = new Set<string>();
    for (const item of input) {
      const parsed = matchChoice(item, field.choices);
      if (!parsed.ok) return parsed;
      picked.add(parsed.value);
    }
    return ok(field.choices.map((choice) => choice.value).filter((value) => picked.has(value)));
  },
  toJson: (stored) => (Array.isArray(stored) ? stored.map(String) : []),
  fromQuery: (query, field) => matchChoice(query, field.choices),
};

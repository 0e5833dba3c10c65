/**
 * The text of a date input beside its value: the text follows the value when the value
 * changes from outside (a calendar pick, a reset), keeps what the person types while they
 * type (`1. 4.` is not wrong yet), and is rewritten the lists' way once they leave it.
 */
import { useState } from 'react';

/** How a value reads and is written. */
export interface TextCodec<V> {
  /** The value as the lists show it. */
  readonly show: (value: V) => string;
  /** Typed text → the value, or null when it names none. */
  readonly parse: (text: string) => V | null;
  /** Whether two values are the same (two ISO texts of one instant are). */
  readonly equal: (a: V, b: V) => boolean;
}

/** What a date input does with the person's typing. */
export interface TypedTextHandlers<V> {
  /** A value typed or emptied (null). */
  readonly onValue: (value: V | null) => void;
  /** Text that names no value; the value is left alone unless the caller keeps it. */
  readonly onInvalid?: (text: string) => void;
}

/** The input's state and handlers. */
export interface TypedText {
  readonly text: string;
  /** Left with text that names no value. */
  readonly invalid: boolean;
  readonly onChange: (text: string) => void;
  readonly onBlur: () => void;
}

/** The text state of an input of `value` (null: empty). */
export function useTypedText<V>(
  value: V | null,
  codec: TextCodec<V>,
  handlers: TypedTextHandlers<V>,
): TypedText {
  const same = (a: V | null, b: V | null) =>
    a === null || b === null ? a === b : codec.equal(a, b);
  const [text, setText] = useState(() => (value === null ? '' : codec.show(value)));
  const [followed, setFollowed] = useState(value);
  const [left, setLeft] = useState(false);
  const typed = text.trim() === '' ? null : codec.parse(text);
  if (!same(value, followed)) {
    // The value changed: from outside unless it is what the text already says.
    setFollowed(value);
    if (!same(typed, value)) {
      setText(value === null ? '' : codec.show(value));
      setLeft(false);
    }
  }
  return {
    text,
    invalid: left && text.trim() !== '' && typed === null,
    onChange(next) {
      setText(next);
      if (next.trim() === '') handlers.onValue(null);
      else {
        const parsed = codec.parse(next);
        if (parsed === null) handlers.onInvalid?.(next);
        else handlers.onValue(parsed);
      }
    },
    onBlur() {
      setLeft(true);
      if (typed !== null) setText(codec.show(typed));
    },
  };
}

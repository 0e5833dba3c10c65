import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Classes, Icon } from '@blueprintjs/core';
import { messages } from '../messages';

/** Props of `SearchBox`. */
export interface SearchBoxProps {
  /** The search in the URL. */
  readonly value: string;
  /** Called ~300 ms after typing stops. */
  readonly onSearch: (value: string) => void;
  /** @default 300 */
  readonly delayMs?: number;
  /** The input's id (the rows' Esc comes back to it). */
  readonly id?: string;
  /** ↓ in the field: into the list's rows (it first runs the search typed so far). */
  readonly onArrowDown?: () => void;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * The list's search field ("Hledat" / "Search"): debounced, follows the URL on back and
 * forward, and `/` anywhere outside a text field focuses it.
 */
export function SearchBox({ value, onSearch, delayMs = 300, id, onArrowDown }: SearchBoxProps) {
  const intl = useIntl();
  const [text, setText] = useState(value);
  const [followed, setFollowed] = useState(value);
  const inputRef = useRef<HTMLInputElement>(null);
  // The URL changed under us (back/forward, a link): show its search.
  if (value !== followed) {
    setFollowed(value);
    if (text.trim() !== value) setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, onSearch, delayMs]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      inputRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const label = intl.formatMessage(messages.search);
  return (
    // Blueprint's input group by its CSS classes: its `InputGroup` component (a chunk of its
    // own on the first page) measures its side elements once mounted and renders again.
    <div className={Classes.INPUT_GROUP}>
      <Icon icon="search" aria-hidden tabIndex={-1} />
      <input
        ref={inputRef}
        {...(id !== undefined && { id })}
        type="search"
        className={Classes.INPUT}
        aria-label={label}
        placeholder={label}
        aria-keyshortcuts="/"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(text);
          if (event.key === 'ArrowDown' && onArrowDown) {
            event.preventDefault();
            if (text.trim() !== value) onSearch(text);
            onArrowDown();
          }
        }}
      />
    </div>
  );
}

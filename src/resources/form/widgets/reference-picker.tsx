import { useId, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button, Classes, InputGroup, Spinner } from '@blueprintjs/core';
import type { ResourceDescriptor, ResourceRow, RowId } from '../../descriptor';
import { messages } from '../../messages';
import { dialogMessages } from '../../dialog-messages';
import { useDebounced, useReferenceSearch, type ReferenceOption } from './use-reference';

/** Props of `ReferencePicker`. */
export interface ReferencePickerProps {
  /** The input's id (the field label points at it). */
  readonly id: string;
  readonly target: ResourceDescriptor | undefined;
  /** What the input shows while not searching: the chosen row's title, or ''. */
  readonly selectedText: string;
  readonly onSelect: (option: ReferenceOption) => void;
  /** Shows a clear button when given and something is chosen. */
  readonly onClear?: () => void;
  /** Ids not to offer (already chosen in a multi-select). @default [] */
  readonly exclude?: readonly RowId[];
  /** Offers only the rows this accepts (e.g. roles the user may grant). @default all */
  readonly accept?: (row: ResourceRow) => boolean;
  /** The list's `filter` pairs narrowing what is offered (see `referenceFilterParam`). */
  readonly filter?: string;
  readonly disabled?: boolean;
  readonly required?: boolean;
  readonly invalid?: boolean;
  readonly describedBy?: string;
}

const SEARCH_DELAY_MS = 250;
const LIST_STYLE = {
  position: 'absolute',
  zIndex: 20,
  left: 0,
  right: 0,
  maxHeight: 280,
  overflowY: 'auto',
} as const;

/**
 * An async searchable select (ARIA combobox with a listbox popup): a click or ↓ lists the
 * first page of the referenced rows at once, typing searches them (`?search=…&page_size=20`);
 * arrows move, Enter picks, Escape closes without leaving the dialog.
 */
export function ReferencePicker(props: ReferencePickerProps) {
  const { id, target, selectedText, onSelect, onClear, exclude = [], accept, disabled } = props;
  const intl = useIntl();
  const listId = useId();
  const [text, setText] = useState<string | null>(null);
  // Opened by a click or ↓ without typing: the first page is listed at once (docs/declarations.md
  // "Dependent fields"), the chosen row's title stays in the input.
  const [opened, setOpened] = useState(false);
  const [active, setActive] = useState(0);
  const open = text !== null || opened;
  const term = useDebounced(text ?? '', SEARCH_DELAY_MS);
  const search = useReferenceSearch(target, term.trim(), open, accept, props.filter);
  const options = search.options.filter((option) => !exclude.includes(option.id));
  const activeIndex = Math.min(active, options.length - 1);

  const close = () => {
    setText(null);
    setOpened(false);
    setActive(0);
  };
  const pick = (option: ReferenceOption | undefined) => {
    if (!option) return;
    onSelect(option);
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpened(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(Math.max(0, Math.min(activeIndex + step, options.length - 1)));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      pick(options[activeIndex]);
    } else if (event.key === 'Escape' && open) {
      // Close the list only; the dialog around stays open.
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      close();
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <div style={{ position: 'relative' }}>
      <InputGroup
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        autoComplete="off"
        required={props.required}
        disabled={disabled}
        value={text ?? selectedText}
        placeholder={disabled ? undefined : `${intl.formatMessage(messages.search)}…`}
        intent={props.invalid ? 'danger' : 'none'}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onBlur={close}
        onClick={() => {
          if (!disabled) setOpened(true);
        }}
        onKeyDown={onKeyDown}
        rightElement={
          search.loading && open ? (
            <Spinner size={16} aria-label={intl.formatMessage(dialogMessages.pickerSearching)} />
          ) : onClear && selectedText && !disabled ? (
            <Button
              variant="minimal"
              icon="cross"
              aria-label={intl.formatMessage(dialogMessages.clear)}
              onClick={onClear}
            />
          ) : undefined
        }
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          className={`${Classes.MENU} ${Classes.ELEVATION_2}`}
          style={LIST_STYLE}
        >
          {options.map((option, index) => (
            <li
              key={String(option.id)}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={`${Classes.MENU_ITEM}${index === activeIndex ? ` ${Classes.ACTIVE}` : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
            >
              {option.title}
            </li>
          ))}
          {options.length === 0 && (
            <li className={`${Classes.MENU_ITEM} ${Classes.DISABLED}`} aria-live="polite">
              {intl.formatMessage(
                search.loading ? dialogMessages.pickerSearching : dialogMessages.noOptions,
              )}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

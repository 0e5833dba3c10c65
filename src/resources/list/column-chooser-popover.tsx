import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button, Checkbox, PopoverNext } from '@blueprintjs/core';
import { messages } from '../messages';
import { dialogMessages } from '../dialog-messages';
import { useResourceOverride } from '../registry/resource-runtime';
import { columnCell } from '../registry/overrides';
import type { PopoverHostProps } from '../lazy-popover';
import type { ColumnChooserProps } from './column-chooser';

/** Which move button to focus again after a move re-renders the list. */
interface Refocus {
  readonly name: string;
  readonly by: number;
}

/**
 * The "Columns" popover (loaded on first use, `column-chooser.tsx`): one checkbox per column (shown or hidden), move
 * up / down buttons beside it, and "Reset to defaults". Everything is a native control, so
 * Tab, Space and Enter work; after a move the same button keeps the focus.
 */
export function ColumnChooserPopover({
  descriptor,
  columns,
  defaultIsOpen,
  children,
}: ColumnChooserProps & PopoverHostProps) {
  const intl = useIntl();
  const listRef = useRef<HTMLUListElement>(null);
  const refocus = useRef<Refocus | null>(null);
  const { settings, visible } = columns;
  const { cells } = useResourceOverride(descriptor);
  const byName = new Map(descriptor.fields.map((field) => [field.name, field]));
  // Named as the column's header: an override's cell may give it its own.
  const label = (name: string) =>
    intl.formatMessage({
      id: columnCell(cells, name, descriptor)?.header ?? byName.get(name)?.label ?? name,
      defaultMessage: name,
    });

  useEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const buttons = [
      ...(listRef.current?.querySelectorAll<HTMLButtonElement>('[data-move]') ?? []),
    ];
    const find = (by: number) =>
      buttons.find((b) => b.dataset.column === target.name && b.dataset.move === String(by));
    // At the top or bottom the button is disabled: its sibling takes the focus.
    const button = find(target.by);
    (button && !button.disabled ? button : find(-target.by))?.focus();
  }, [settings.order]);

  const move = (name: string, by: number) => {
    refocus.current = { name, by };
    columns.move(name, by);
  };
  const title = intl.formatMessage(messages.columns);
  const last = settings.order.length - 1;

  return (
    <PopoverNext
      placement="bottom-end"
      defaultIsOpen={defaultIsOpen}
      content={
        <section className="joule-column-chooser" aria-label={title}>
          <ul ref={listRef} className="joule-column-list">
            {settings.order.map((name, index) => {
              const shown = visible.includes(name);
              const text = label(name);
              return (
                <li key={name} className="joule-column-item">
                  <Checkbox
                    checked={shown}
                    disabled={shown && visible.length <= 1}
                    label={text}
                    onChange={(event) => columns.setShown(name, event.currentTarget.checked)}
                  />
                  <span className="joule-column-moves">
                    <Button
                      variant="minimal"
                      size="small"
                      icon="chevron-up"
                      data-column={name}
                      data-move={-1}
                      disabled={index === 0}
                      aria-label={intl.formatMessage(dialogMessages.moveColumnUp, { name: text })}
                      onClick={() => move(name, -1)}
                    />
                    <Button
                      variant="minimal"
                      size="small"
                      icon="chevron-down"
                      data-column={name}
                      data-move={1}
                      disabled={index === last}
                      aria-label={intl.formatMessage(dialogMessages.moveColumnDown, { name: text })}
                      onClick={() => move(name, 1)}
                    />
                  </span>
                </li>
              );
            })}
          </ul>
          <Button
            variant="minimal"
            icon="reset"
            disabled={columns.isDefault}
            text={intl.formatMessage(dialogMessages.resetColumns)}
            onClick={columns.reset}
          />
        </section>
      }
    >
      {children}
    </PopoverNext>
  );
}

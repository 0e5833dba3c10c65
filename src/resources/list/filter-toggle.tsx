/**
 * The list's filter buttons, shown at first render: "Filters (2)" and "Clear filters". The
 * filter bar itself (`filter-bar.tsx`: the controls, the reference pickers, the calendar
 * button) loads when it is first opened (`LazyFilterBar`, docs/architecture.md "How the pages stay small").
 */
import { useIntl } from 'react-intl';
import { Button } from '@blueprintjs/core';
import { messages } from '../messages';

/** Props of `FilterToggle`. */
export interface FilterToggleProps {
  readonly open: boolean;
  /** Number of active filters, shown on the button. */
  readonly count: number;
  /** The id of the filter bar the button shows and hides. */
  readonly controls: string;
  readonly onToggle: () => void;
  /** Called when the pointer comes over the button (e.g. to load the bar's code). */
  readonly onPointerEnter?: () => void;
}

/** "Filters (2)": shows and hides the filter bar. */
export function FilterToggle({
  open,
  count,
  controls,
  onToggle,
  onPointerEnter,
}: FilterToggleProps) {
  const intl = useIntl();
  return (
    <Button
      icon="filter"
      active={open}
      aria-expanded={open}
      aria-controls={controls}
      intent={count > 0 ? 'primary' : 'none'}
      variant={count > 0 ? 'outlined' : 'solid'}
      text={intl.formatMessage(messages.filters, { count })}
      onClick={onToggle}
      onPointerEnter={onPointerEnter}
    />
  );
}

/** Props of `ClearFiltersButton`. */
export interface ClearFiltersButtonProps {
  readonly onClear: () => void;
}

/** "Clear filters": removes every filter and bound. */
export function ClearFiltersButton({ onClear }: ClearFiltersButtonProps) {
  const intl = useIntl();
  return (
    <Button
      variant="minimal"
      icon="filter-remove"
      text={intl.formatMessage(messages.clearFilters)}
      onClick={onClear}
    />
  );
}

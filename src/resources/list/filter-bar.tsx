/**
 * The list's filter bar: one control per filter field. Its code (with the reference pickers
 * and the calendar button) forms a chunk of its own, loaded when the bar is first opened or
 * the list is opened filtered (`lazy-filter-bar.ts`).
 */
import { useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { FieldDescriptor } from '../descriptor';
import { CalendarButton } from '../dates/calendar-button';
import { ReferencePicker, useReferenceTarget, useRowTitles } from '../form/widgets';
import { messages } from '../messages';
import { dialogMessages } from '../dialog-messages';
import { normalizeBound, setPair, type FilterPairs, type FilterSpec } from './filter-state';

/** Props of `FilterBar`. */
export interface FilterBarProps {
  readonly id: string;
  readonly specs: readonly FilterSpec[];
  readonly state: FilterPairs;
  /** Replaces the filter parameters it names. */
  readonly onChange: (change: Partial<FilterPairs>) => void;
}

/** The filter controls of a list, one per filter field (see `filterSpecs`). */
export function FilterBar({ id, specs, state, onChange }: FilterBarProps) {
  const intl = useIntl();
  return (
    <div
      id={id}
      role="group"
      aria-label={intl.formatMessage(messages.filters, { count: 0 })}
      style={{ display: 'flex', flexWrap: 'wrap', gap: '0 16px', alignItems: 'flex-end' }}
    >
      {specs.map(({ field, control }) => {
        const props = { field, state, onChange };
        switch (control) {
          case 'choice':
            return <ChoiceFilter key={field.name} {...props} />;
          case 'boolean':
            return <BooleanFilter key={field.name} {...props} />;
          case 'range':
            return <RangeFilter key={field.name} {...props} />;
          case 'reference':
            return <ReferenceFilter key={field.name} {...props} />;
        }
      })}
    </div>
  );
}

interface ControlProps {
  readonly field: FieldDescriptor;
  readonly state: FilterPairs;
  readonly onChange: (change: Partial<FilterPairs>) => void;
}

function useLabel(field: FieldDescriptor): string {
  const intl = useIntl();
  return intl.formatMessage({ id: field.label, defaultMessage: field.name });
}

function ChoiceFilter({ field, state, onChange }: ControlProps) {
  const intl = useIntl();
  const id = useId();
  const options = [
    { value: '', label: intl.formatMessage(dialogMessages.filterAny) },
    ...(field.choices ?? []).map((choice) => ({
      value: String(choice.value),
      label: intl.formatMessage({ id: choice.label, defaultMessage: String(choice.value) }),
    })),
  ];
  return (
    <SelectFilter
      id={id}
      label={useLabel(field)}
      options={options}
      value={state.filter[field.name] ?? ''}
      onSelect={(value) => onChange({ filter: setPair(state.filter, field.name, value) })}
    />
  );
}

function BooleanFilter({ field, state, onChange }: ControlProps) {
  const intl = useIntl();
  const id = useId();
  const options = [
    { value: '', label: intl.formatMessage(dialogMessages.filterAny) },
    { value: 'true', label: intl.formatMessage(messages.yes) },
    { value: 'false', label: intl.formatMessage(messages.no) },
  ];
  return (
    <SelectFilter
      id={id}
      label={useLabel(field)}
      options={options}
      value={state.filter[field.name] ?? ''}
      onSelect={(value) => onChange({ filter: setPair(state.filter, field.name, value) })}
    />
  );
}

interface SelectFilterProps {
  readonly id: string;
  readonly label: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly value: string;
  readonly onSelect: (value: string) => void;
}

function SelectFilter({ id, label, options, value, onSelect }: SelectFilterProps) {
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect
        id={id}
        value={value}
        options={options.map((option) => ({ value: option.value, label: option.label }))}
        onChange={(event) => onSelect(event.target.value)}
      />
    </FormGroup>
  );
}

function RangeFilter({ field, state, onChange }: ControlProps) {
  const intl = useIntl();
  const labelId = useId();
  const label = useLabel(field);
  return (
    <FormGroup label={<span id={labelId}>{label}</span>}>
      <div role="group" aria-labelledby={labelId} style={{ display: 'flex', gap: 4 }}>
        <BoundInput
          field={field}
          label={intl.formatMessage(dialogMessages.filterFrom, { field: label })}
          bound={intl.formatMessage(dialogMessages.boundFrom)}
          value={state.gte[field.name] ?? ''}
          onCommit={(value) => onChange({ gte: setPair(state.gte, field.name, value) })}
        />
        <BoundInput
          field={field}
          label={intl.formatMessage(dialogMessages.filterTo, { field: label })}
          bound={intl.formatMessage(dialogMessages.boundTo)}
          value={state.lte[field.name] ?? ''}
          onCommit={(value) => onChange({ lte: setPair(state.lte, field.name, value) })}
        />
      </div>
    </FormGroup>
  );
}

interface BoundInputProps {
  readonly field: FieldDescriptor;
  readonly label: string;
  /** The visible word before the input: 'from' / 'to' (docs/product.md: range filters labelled). */
  readonly bound: string;
  /** The bound in the URL. */
  readonly value: string;
  readonly onCommit: (value: string) => void;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A picked day (and time) as the bound the URL holds: `YYYY-MM-DD` / `YYYY-MM-DDTHH:MM`. */
export function pickedBound(kind: FieldDescriptor['kind'], date: Date): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return kind === 'datetime' ? `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}` : day;
}

/** The local day (and time) a bound names, for the calendar to show; null when none. */
function boundDate(bound: string | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(bound ?? '');
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map((part) => Number(part ?? 0));
  return new Date(year!, month! - 1, day!, hours, minutes);
}

/**
 * One end of a range, after its visible word ("od" / "do", docs/product.md). A date or date-time
 * is typed as `YYYY-MM-DD` (`YYYY-MM-DD HH:MM`) or picked in Blueprint's calendar in the
 * app's language; it commits as soon as it is complete. Numbers commit on Enter or leaving
 * the field, so typing leaves no history trail. Invalid text is marked once left, and not
 * sent.
 */
function BoundInput({ field, label, bound, value, onCommit }: BoundInputProps) {
  const intl = useIntl();
  const [text, setText] = useState(value);
  const [followed, setFollowed] = useState(value);
  const [left, setLeft] = useState(false);
  // The URL changed under us (back/forward, "Clear filters"): show its bound.
  if (value !== followed) {
    setFollowed(value);
    setText(value);
  }
  const dated = field.kind === 'date' || field.kind === 'datetime';
  const normalized = normalizeBound(field.kind, text);
  // A date being typed is not wrong yet; it is once the person leaves it.
  const invalid = normalized === undefined && (!dated || left);
  const commit = (next: string) => {
    const bound = normalizeBound(field.kind, next);
    if (bound !== undefined && bound !== value) onCommit(bound);
  };
  return (
    <InputGroup
      leftElement={
        <span aria-hidden="true" className="joule-bound-label">
          {bound}
        </span>
      }
      rightElement={
        dated ? (
          <CalendarButton
            value={boundDate(normalized)}
            withTime={field.kind === 'datetime'}
            onPick={(date) => {
              const picked = pickedBound(field.kind, date);
              setText(picked);
              setLeft(false);
              commit(picked);
            }}
          />
        ) : undefined
      }
      type="text"
      inputMode={dated ? undefined : field.kind === 'integer' ? 'numeric' : 'decimal'}
      placeholder={
        dated
          ? intl.formatMessage(
              field.kind === 'date' ? dialogMessages.datePattern : dialogMessages.datetimePattern,
            )
          : undefined
      }
      aria-label={label}
      aria-invalid={invalid || undefined}
      intent={invalid ? 'danger' : 'none'}
      style={{ width: dated ? (field.kind === 'date' ? 150 : 190) : 150 }}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        if (dated) commit(event.target.value);
      }}
      onBlur={() => {
        setLeft(true);
        commit(text);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(text);
      }}
    />
  );
}

function ReferenceFilter({ field, state, onChange }: ControlProps) {
  const id = useId();
  const target = useReferenceTarget(field.reference);
  const selected = state.filter[field.name];
  const ids = useMemo(() => (selected === undefined ? [] : [selected]), [selected]);
  const titles = useRowTitles(target, ids);
  return (
    <FormGroup label={useLabel(field)} labelFor={id}>
      <ReferencePicker
        id={id}
        target={target}
        selectedText={selected === undefined ? '' : (titles[selected] ?? '')}
        onSelect={(option) =>
          onChange({ filter: setPair(state.filter, field.name, String(option.id)) })
        }
        onClear={() => onChange({ filter: setPair(state.filter, field.name, '') })}
      />
    </FormGroup>
  );
}

/** Reference widgets: one referenced row, or a list of them, picked by title. */
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Button, Tag } from '@blueprintjs/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { ResourceRow, RowId } from '../../descriptor';
import { referenceIds } from '../../list/use-reference-titles';
import { dialogMessages } from '../../dialog-messages';
import type { ResourceFormContext } from '../resource-form';
import { emptyValueOf } from './labels';
import { ReferencePicker } from './reference-picker';
import { referenceFilterParam, useReferenceTarget, useRowTitles } from './use-reference';

/** `ui:options.acceptRow`: which rows a picker offers (set by an override), or undefined. */
function acceptOf(options: WidgetProps['options']): ((row: ResourceRow) => boolean) | undefined {
  const accept = options.acceptRow;
  return typeof accept === 'function' ? (accept as (row: ResourceRow) => boolean) : undefined;
}

/**
 * Titles of `ids` the server embedded in the stored row (`ui:options.titleField`, e.g.
 * `main_fuse_title`), while the field still holds the stored value; else none.
 */
function storedTitles(props: WidgetProps, ids: readonly RowId[]): Record<string, string> {
  const titleField = props.options.titleField;
  const stored = (props.registry.formContext as ResourceFormContext | undefined)?.stored;
  if (typeof titleField !== 'string' || !stored) return {};
  const storedIds = referenceIds(stored[props.name]);
  if (storedIds.join(',') !== ids.map(String).join(',')) return {};
  const value = stored[titleField];
  const names = Array.isArray(value) ? (value as unknown[]) : [value];
  const titles: Record<string, string> = {};
  storedIds.forEach((id, index) => {
    const name = names[index];
    if (typeof name === 'string' && name !== '') titles[id] = name;
  });
  return titles;
}

/**
 * Titles of the referenced rows `ids`: embedded in the stored row when it still holds them,
 * else read (`useRowTitles`: the title lookup when published).
 */
function useTitles(props: WidgetProps, ids: readonly RowId[]): Readonly<Record<string, string>> {
  const target = useReferenceTarget(props.options.reference);
  const known = storedTitles(props, ids);
  const knownKey = Object.keys(known).join(',');
  const missing = useMemo(() => {
    const have = new Set(knownKey.split(','));
    return ids.filter((id) => !have.has(String(id)));
  }, [ids, knownKey]);
  const read = useRowTitles(target, missing);
  return { ...read, ...known };
}

/** Ids are integers on the wire (docs/api.md "Base, format, auth"); keep strings only if not numeric. */
function toId(id: string): RowId {
  return /^\d+$/.test(id) ? Number(id) : id;
}

/**
 * One referenced row (`ui:options.reference` names the resource): shows the row's title
 * (from the referenced descriptor's `titleFields`), never its bare id, and searches by text
 * (offering only rows `ui:options.acceptRow` accepts, when given, and only those matching
 * `ui:options.referenceFilter` against the form's data, e.g. the same customer's contracts).
 */
export function ReferenceWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, rawErrors, options } = props;
  const target = useReferenceTarget(options.reference);
  const ids = useMemo(() => referenceIds(value).map(toId), [value]);
  const titles = useTitles(props, ids);
  const first = ids[0];
  const formData = (props.registry.formContext as ResourceFormContext | undefined)?.formData;
  const filter = referenceFilterParam(options.referenceFilter, formData);
  return (
    <ReferencePicker
      id={id}
      target={target}
      selectedText={first === undefined ? '' : (titles[String(first)] ?? '')}
      onSelect={(option) => props.onChange(option.id)}
      onClear={required ? undefined : () => props.onChange(emptyValueOf(options))}
      accept={acceptOf(options)}
      filter={filter}
      disabled={disabled || readonly}
      required={required}
      invalid={Boolean(rawErrors?.length)}
      describedBy={ariaDescribedByIds(id)}
    />
  );
}

/** Several referenced rows: chosen ones as removable tags, a picker to add more. */
export function ReferencesWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, rawErrors, options } = props;
  const intl = useIntl();
  const target = useReferenceTarget(options.reference);
  const ids = useMemo(() => referenceIds(value).map(toId), [value]);
  const titles = useTitles(props, ids);
  const locked = disabled || readonly;
  return (
    <div>
      {ids.length > 0 && (
        <ul aria-label={props.label} style={{ listStyle: 'none', padding: 0, margin: '0 0 6px' }}>
          {ids.map((rowId) => {
            const title = titles[String(rowId)] ?? `#${rowId}`;
            return (
              <li key={String(rowId)} style={{ display: 'inline-block', margin: '0 4px 4px 0' }}>
                <Tag minimal>{title}</Tag>
                {!locked && (
                  <Button
                    variant="minimal"
                    size="small"
                    icon="small-cross"
                    aria-label={intl.formatMessage(dialogMessages.remove, { name: title })}
                    onClick={() => props.onChange(ids.filter((other) => other !== rowId))}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ReferencePicker
        id={id}
        target={target}
        selectedText=""
        exclude={ids}
        accept={acceptOf(options)}
        onSelect={(option) => props.onChange([...ids, option.id])}
        disabled={locked}
        invalid={Boolean(rawErrors?.length)}
        describedBy={ariaDescribedByIds(id)}
      />
    </div>
  );
}

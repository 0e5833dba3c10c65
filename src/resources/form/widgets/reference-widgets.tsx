/** Reference widgets: one referenced row, or a list of them, picked by title. */
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Button, Tag } from '@blueprintjs/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { ResourceRow, RowId } from '../../descriptor';
import { referenceIds } from '../../list/use-reference-titles';
import { messages } from '../../messages';
import { emptyValueOf } from './labels';
import { ReferencePicker } from './reference-picker';
import { useReferenceTarget, useRowTitles } from './use-reference';

/** `ui:options.acceptRow`: which rows a picker offers (set by an override), or undefined. */
function acceptOf(options: WidgetProps['options']): ((row: ResourceRow) => boolean) | undefined {
  const accept = options.acceptRow;
  return typeof accept === 'function' ? (accept as (row: ResourceRow) => boolean) : undefined;
}

/** Ids are integers on the wire (API.md "ids as integers"); keep strings only if not numeric. */
function toId(id: string): RowId {
  return /^\d+$/.test(id) ? Number(id) : id;
}

/**
 * One referenced row (`ui:options.reference` names the resource): shows the row's title
 * (from the referenced descriptor's `titleFields`), never its bare id, and searches by text
 * (offering only rows `ui:options.acceptRow` accepts, when given).
 */
export function ReferenceWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, rawErrors, options } = props;
  const target = useReferenceTarget(options.reference);
  const ids = useMemo(() => referenceIds(value).map(toId), [value]);
  const titles = useRowTitles(target, ids);
  const first = ids[0];
  return (
    <ReferencePicker
      id={id}
      target={target}
      selectedText={first === undefined ? '' : (titles[String(first)] ?? '')}
      onSelect={(option) => props.onChange(option.id)}
      onClear={required ? undefined : () => props.onChange(emptyValueOf(options))}
      accept={acceptOf(options)}
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
  const titles = useRowTitles(target, ids);
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
                    aria-label={intl.formatMessage(messages.remove, { name: title })}
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

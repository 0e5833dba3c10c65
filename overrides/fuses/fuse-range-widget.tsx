/**
 * One control for a range of main-fuse currents (docs/product.md §3 "Fuse", "Tariff"): two integer
 * inputs, from and to in A, side by side, with the range as the trade writes it
 * (`3×16–25 A`) beside them. Put on the `from` property with `ui:options.toField` naming
 * the `to` property (hidden in the form) and `ui:options.phases` (1, 3 or absent); it
 * writes both through the form context, says at once when a current is negative or from
 * is above to, and shows the server's refusal of the `to` property (the `from` one shows
 * below the field as for any field).
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Classes, InputGroup, Tag } from '@blueprintjs/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { ResourceFormContext } from '../../src/resources';
import { formatFuseRange, fuseRangeProblem, type Phases } from './fuse-range';
import { fuseRangeMessages } from './messages';

/** Typed text to a form value: empty is null, an integer a number, anything else as typed. */
function toValue(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

const shown = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value);

function serverErrorsOf(context: ResourceFormContext, field: string): string[] {
  const entry = context.serverErrors?.[field];
  return !entry || Array.isArray(entry) ? [] : (entry.__errors ?? []);
}

/** The fuse range widget (see the module comment). */
export function FuseRangeWidget(props: WidgetProps) {
  const { id, value, options, disabled, readonly, rawErrors } = props;
  const intl = useIntl();
  const context = props.registry.formContext as ResourceFormContext;
  const toField = String(options.toField);
  const phases = (options.phases ?? null) as Phases;
  const to = context.formData[toField];
  // While focused, the text as typed (so `-` or `1` on the way to `16` is not lost).
  const [drafts, setDrafts] = useState<{ from?: string; to?: string }>({});
  const problem = fuseRangeProblem(value, to);
  const serverErrors = serverErrorsOf(context, toField);
  const invalid = problem !== null || serverErrors.length > 0 || (rawErrors?.length ?? 0) > 0;
  const preview = formatFuseRange(
    phases,
    typeof value === 'number' ? value : null,
    typeof to === 'number' ? to : null,
    intl.locale,
  );
  const messageId = `${id}-range`;
  // The range's own label (`ui:options.labelId`, as the form labels the field).
  const rangeLabel =
    typeof options.labelId === 'string' ? intl.formatMessage({ id: options.labelId }) : props.label;

  const input = (end: 'from' | 'to', current: unknown, field: string) => (
    <InputGroup
      id={end === 'from' ? id : `${id}-to`}
      name={end === 'from' ? id : `${id}-to`}
      inputMode="numeric"
      // Both ends of every range in the dialog need their own name: "Main fuse, 1 phase: From (A)".
      aria-label={`${rangeLabel}: ${intl.formatMessage(fuseRangeMessages[end])}`}
      aria-invalid={invalid || undefined}
      aria-describedby={`${ariaDescribedByIds(id)} ${messageId}`}
      intent={invalid ? 'danger' : 'none'}
      rightElement={<Tag minimal>A</Tag>}
      disabled={disabled || readonly}
      value={drafts[end] ?? shown(current)}
      onChange={(event) => {
        const text = event.target.value;
        setDrafts((previous) => ({ ...previous, [end]: text }));
        context.setFields({ [field]: toValue(text) });
      }}
      onBlur={() => {
        setDrafts((previous) => ({ ...previous, [end]: undefined }));
        props.onBlur(id, value);
      }}
      onFocus={() => props.onFocus(id, value)}
      style={{ width: '8em' }}
    />
  );

  const messages = [
    ...(problem ? [intl.formatMessage(fuseRangeMessages[problem])] : []),
    ...serverErrors,
  ];
  return (
    <div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        {input('from', value, props.name)}
        <span aria-hidden="true">–</span>
        {input('to', to, toField)}
        <output aria-label={intl.formatMessage(fuseRangeMessages.preview)}>{preview}</output>
      </div>
      <div
        id={messageId}
        role={messages.length > 0 ? 'alert' : undefined}
        className={Classes.INTENT_DANGER}
      >
        {messages.join(' ')}
      </div>
    </div>
  );
}

/** Choice widgets: select (one or many, labels from messages), checkbox, switch. */
import type { ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { Checkbox, HTMLSelect, Switch, Tag } from '@blueprintjs/core';
import {
  ariaDescribedByIds,
  enumOptionsIndexForValue,
  enumOptionsValueForIndex,
  getUiOptions,
  type EnumOptionsType,
  type WidgetProps,
} from '@rjsf/utils';
import type { ChoiceDescriptor } from '../../descriptor';
import { dialogMessages } from '../../dialog-messages';
import { emptyValueOf, useFieldLabel } from './labels';

/** The option labels of a choice field: `ui:options.choices` message ids, else the values. */
function useChoiceLabels(props: WidgetProps): (option: EnumOptionsType) => string {
  const intl = useIntl();
  const choices = (props.options.choices ?? []) as readonly ChoiceDescriptor[];
  const byValue = new Map(choices.map((choice) => [String(choice.value), choice.label]));
  return (option) => {
    const id = byValue.get(String(option.value));
    return id ? intl.formatMessage({ id, defaultMessage: option.label }) : option.label;
  };
}

/** One titled group of a list of choices (one untitled group when none is grouped). */
interface ChoiceGroup {
  /** Message id of the group's name (`ChoiceDescriptor.group`); undefined when ungrouped. */
  readonly label: string | undefined;
  readonly members: readonly { readonly option: EnumOptionsType; readonly index: number }[];
}

/**
 * `enumOptions` grouped by their choices' `group` (e.g. a privilege's area), groups in the
 * order of their first member, members in the schema's order.
 */
export function groupChoices(
  enumOptions: readonly EnumOptionsType[],
  choices: readonly ChoiceDescriptor[],
): ChoiceGroup[] {
  const groupOf = new Map(choices.map((choice) => [String(choice.value), choice.group]));
  const groups = new Map<string | undefined, ChoiceGroup['members'][number][]>();
  enumOptions.forEach((option, index) => {
    const label = groupOf.get(String(option.value));
    const members = groups.get(label) ?? [];
    members.push({ option, index });
    groups.set(label, members);
  });
  return [...groups].map(([label, members]) => ({ label, members }));
}

/**
 * A native select (Blueprint `HTMLSelect`) over the schema's `enum`, showing each choice's
 * label message; for a list of choices (`multiple`), a group of checkboxes, in titled
 * fieldsets when the choices carry groups. `ui:options.includesAll` names a choice that
 * includes every other (roles' `superuser`): it is marked so, and while it is chosen the
 * others show as included. A `null` in a nullable enum is the empty option.
 */
export function SelectWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, multiple, rawErrors, options } =
    props;
  const intl = useIntl();
  const labelOf = useChoiceLabels(props);
  const groupLabel = useFieldLabel(options, props.label);
  const enumOptions = (options.enumOptions ?? []).filter((option) => option.value !== null);
  const selected = enumOptionsIndexForValue(value, enumOptions, multiple);
  // rjsf's `ui:enumDisabled`: choices shown but not selectable (e.g. not the user's to grant).
  const locked = new Set((options.enumDisabled ?? []).map(String));
  const common = {
    id,
    name: id,
    required,
    disabled: disabled || readonly,
    autoFocus: autofocus,
    'aria-invalid': rawErrors?.length ? true : undefined,
    'aria-describedby': ariaDescribedByIds(id),
  };
  const items = enumOptions.map((option, index) => (
    <option key={index} value={String(index)} disabled={locked.has(String(option.value))}>
      {labelOf(option)}
    </option>
  ));
  if (multiple) {
    // A list of choices as checkboxes: a native multi-select needs Ctrl+click.
    const chosen = new Set(Array.isArray(selected) ? selected : []);
    const toggle = (index: number, on: boolean) => {
      const next = new Set(chosen);
      if (on) next.add(String(index));
      else next.delete(String(index));
      props.onChange(enumOptions.filter((_o, i) => next.has(String(i))).map((o) => o.value));
    };
    const includesAll = options.includesAll === undefined ? undefined : String(options.includesAll);
    const allChosen =
      includesAll !== undefined &&
      enumOptions.some((o, i) => String(o.value) === includesAll && chosen.has(String(i)));
    const groups = groupChoices(
      enumOptions,
      (options.choices ?? []) as readonly ChoiceDescriptor[],
    );
    const box = ({ option, index }: ChoiceGroup['members'][number]) => {
      const isAll = String(option.value) === includesAll;
      const included = allChosen && !isAll;
      return (
        <Checkbox
          key={index}
          labelElement={
            <>
              {labelOf(option)}
              {isAll && (
                <Tag minimal intent="warning" style={{ marginLeft: 6 }}>
                  {intl.formatMessage(dialogMessages.includesAll)}
                </Tag>
              )}
            </>
          }
          checked={chosen.has(String(index)) || included}
          disabled={disabled || readonly || included || locked.has(String(option.value))}
          onChange={(event: ChangeEvent<HTMLInputElement>) => toggle(index, event.target.checked)}
        />
      );
    };
    return (
      <div
        role="group"
        id={id}
        aria-label={groupLabel}
        aria-describedby={ariaDescribedByIds(id)}
        style={{ columns: '14rem' }}
      >
        {groups.map((group) =>
          group.label === undefined ? (
            group.members.map(box)
          ) : (
            <fieldset
              key={group.label}
              className="joule-choice-group"
              style={{ breakInside: 'avoid', border: 0, margin: '0 0 8px', padding: 0 }}
            >
              <legend style={{ fontWeight: 600, marginBottom: 4 }}>
                {intl.formatMessage({ id: group.label })}
              </legend>
              {group.members.map(box)}
            </fieldset>
          ),
        )}
      </div>
    );
  }
  const index = selected === undefined || Array.isArray(selected) ? '' : String(selected);
  return (
    <HTMLSelect
      {...common}
      fill
      value={index}
      onChange={(event: ChangeEvent<HTMLSelectElement>) =>
        props.onChange(
          event.target.value === ''
            ? emptyValueOf(options)
            : enumOptionsValueForIndex(event.target.value, enumOptions),
        )
      }
      onBlur={() => props.onBlur(id, value)}
      onFocus={() => props.onFocus(id, value)}
    >
      {(index === '' || (!required && options.emptyValue !== undefined)) && (
        <option value="">{intl.formatMessage(dialogMessages.noChoice)}</option>
      )}
      {items}
    </HTMLSelect>
  );
}

function useBooleanProps(props: WidgetProps) {
  const { id, value, disabled, readonly, autofocus, label, uiSchema } = props;
  const text = useFieldLabel(props.options.labelId ? props.options : getUiOptions(uiSchema), label);
  return {
    id,
    name: id,
    label: text,
    checked: value === true,
    disabled: disabled || readonly,
    autoFocus: autofocus,
    'aria-describedby': ariaDescribedByIds(id),
    onChange: (event: ChangeEvent<HTMLInputElement>) => props.onChange(event.target.checked),
    onBlur: () => props.onBlur(id, value),
    onFocus: () => props.onFocus(id, value),
  };
}

/** A yes/no field as a checkbox with the field's label beside it. */
export function CheckboxWidget(props: WidgetProps) {
  return <Checkbox {...useBooleanProps(props)} />;
}

/** A yes/no field as a switch (`"ui:widget": "switch"`). */
export function SwitchWidget(props: WidgetProps) {
  return <Switch {...useBooleanProps(props)} />;
}

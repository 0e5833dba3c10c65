/**
 * The users list's filter by privileges (docs/product.md §7 `hasPrivileges`): users whose roles
 * grant the chosen privilege (a superuser's grant all). The privileges and their areas are those
 * the API publishes for roles (`roles.privileges` choices), not a list in the SPA; without
 * them (a back-end without roles' privileges) the control shows nothing.
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useResourceRuntime, type ListFilterProps } from '../../src/resources';
import { userMessages } from './messages';

/** The filter's control (`privilegesFilter` in index.ts loads it with the filter bar). */
export function PrivilegesFilter({ value, onChange }: ListFilterProps) {
  const intl = useIntl();
  const id = useId();
  const { descriptorsByName } = useResourceRuntime();
  const choices =
    descriptorsByName.roles?.fields.find((field) => field.name === 'privileges')?.choices ?? [];
  if (choices.length === 0) return null;
  const groups = new Map<string, typeof choices>();
  for (const choice of choices) {
    const group = choice.group ?? '';
    groups.set(group, [...(groups.get(group) ?? []), choice]);
  }
  const known = choices.some((choice) => String(choice.value) === value);
  const label = (messageId: string, fallback: string) =>
    intl.formatMessage({ id: messageId, defaultMessage: fallback });
  return (
    <FormGroup label={intl.formatMessage(userMessages.hasPrivileges)} labelFor={id}>
      <HTMLSelect id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">{intl.formatMessage(userMessages.anyPrivilege)}</option>
        {value !== '' && !known && <option value={value}>{value}</option>}
        {[...groups].map(([group, members]) => {
          const options = members.map((choice) => (
            <option key={String(choice.value)} value={String(choice.value)}>
              {label(choice.label, String(choice.value))}
            </option>
          ));
          return group === '' ? (
            options
          ) : (
            <optgroup key={group} label={label(group, group)}>
              {options}
            </optgroup>
          );
        })}
      </HTMLSelect>
    </FormGroup>
  );
}

import { useMemo } from 'react';
import { canUse, useAbility } from '../../auth';
import type { ResourceDescriptor } from '../../generated/descriptor-types';
import type { ResourceGroup } from '../../resources/resource-group-page';
import { buildMenus, type Menus } from '../menus';

const NO_GROUPS: readonly ResourceGroup[] = [];

/** The menus for the signed-in user, following ability changes. */
export function useMenus(
  descriptors: readonly ResourceDescriptor[],
  groups: readonly ResourceGroup[] = NO_GROUPS,
): Menus {
  const ability = useAbility();
  // `ability.rules` changes identity on every update, so the memo follows sign-in/out.
  const rules = ability.rules;
  return useMemo(
    () => buildMenus(descriptors, (privilege) => canUse(ability, privilege), groups),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `rules` stands for `ability`'s state.
    [descriptors, groups, ability, rules],
  );
}

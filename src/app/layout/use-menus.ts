import { useMemo } from 'react';
import { canUse, useAbility } from '../../auth';
import type { ResourceDescriptor } from '../../generated/descriptor-types';
import type { ListView, ResourceGroup } from '../../resources';
import { buildMenus, type Menus } from '../menus';

const NO_GROUPS: readonly ResourceGroup[] = [];
const NO_VIEWS: readonly ListView[] = [];

/** The menus for the signed-in user, following ability changes. */
export function useMenus(
  descriptors: readonly ResourceDescriptor[],
  groups: readonly ResourceGroup[] = NO_GROUPS,
  views: readonly ListView[] = NO_VIEWS,
): Menus {
  const ability = useAbility();
  // `ability.rules` changes identity on every update, so the memo follows sign-in/out.
  const rules = ability.rules;
  return useMemo(
    () => buildMenus(descriptors, (privilege) => canUse(ability, privilege), groups, views),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `rules` stands for `ability`'s state.
    [descriptors, groups, views, ability, rules],
  );
}

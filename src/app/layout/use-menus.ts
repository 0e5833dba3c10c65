import { useMemo } from 'react';
import { canUse, useAbility } from '../../auth';
import type { ResourceDescriptor } from '../../generated/descriptor-types';
import { buildMenus, type Menus } from '../menus';

/** The menus for the signed-in user, following ability changes. */
export function useMenus(descriptors: readonly ResourceDescriptor[]): Menus {
  const ability = useAbility();
  // `ability.rules` changes identity on every update, so the memo follows sign-in/out.
  const rules = ability.rules;
  return useMemo(
    () => buildMenus(descriptors, (privilege) => canUse(ability, privilege)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `rules` stands for `ability`'s state.
    [descriptors, ability, rules],
  );
}

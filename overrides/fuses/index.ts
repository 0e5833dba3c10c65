/**
 * Fuses (docs/product.md §3 "Fuse"): the 1-phase and 3-phase ranges of main-fuse currents are each
 * edited as one from–to control and listed as `1×25 A` / `3×16–25 A`.
 */
import { fuseRangeOverride } from './fuse-range-override';
import { fuseRangeMessages } from './messages';

/** The fuses override. */
export const fusesOverride = fuseRangeOverride([
  { from: 'from_1phase', to: 'to_1phase', phases: 1, label: fuseRangeMessages.onePhase },
  { from: 'from_3phase', to: 'to_3phase', phases: 3, label: fuseRangeMessages.threePhase },
]);

/** The override of a resource with from–to current pairs: the tariffs' too (overrides/tariffs). */
export { fuseRangeOverride };

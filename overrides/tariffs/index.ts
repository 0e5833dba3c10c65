/**
 * Tariffs (docs/product.md §3 "Tariff"): the main-fuse condition `fuse_from`–`fuse_to` edited as
 * one from–to control and listed as one range, as the fuses' are (overrides/fuses).
 */
import { defineMessages } from 'react-intl';
import { fuseRangeOverride } from '../fuses';

/** The tariffs' texts (ids in overrides/tariffs/cs.json and en.json). */
const tariffMessages = defineMessages({
  fuse: { id: 'overrides.tariffs.fuse', defaultMessage: 'Main fuse' },
});

/** The tariffs override. */
export const tariffsOverride = fuseRangeOverride([
  { from: 'fuse_from', to: 'fuse_to', phases: null, label: tariffMessages.fuse },
]);

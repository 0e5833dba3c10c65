/**
 * The tariff device's measurements panel (docs/product.md §2 "Tariff device: lists
 * measurements and allows adding a new one"), in place of the generic measurements list of
 * the device dialog. It needs the consumption endpoint (`tariffdevices_consumption`, listed
 * in the descriptor's `operations.extraActions`): on a back-end without it the panel steps
 * aside and the generic list shows, with no request to the missing endpoint.
 */
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from '@blueprintjs/core';
import type { ResourceDescriptor, ResourcePanel, ResourcePanelProps } from '../../../src/resources';
import { panelMessages } from './panel-messages';

/** The resource whose rows carry the consumption endpoint (docs/product.md §3 Tariff device). */
export const DEVICES = 'tariffdevices';
/** The child resource whose related list the panel replaces. */
export const READINGS = 'measurements';
/** The extra action the panel calls: `GET /tariffdevices/{id}/consumption/`. */
export const CONSUMPTION_ACTION = 'consumption';

/** Whether the back-end publishes the consumption endpoint the chart reads. */
export function hasConsumption(
  descriptorsByName: Readonly<Record<string, ResourceDescriptor>>,
): boolean {
  return descriptorsByName[DEVICES]?.operations.extraActions?.includes(CONSUMPTION_ACTION) === true;
}

const Body = lazy(() => import('./measurements-panel'));

function LazyMeasurementsPanel(props: ResourcePanelProps) {
  const intl = useIntl();
  return (
    <Suspense
      fallback={<Spinner size={20} aria-label={intl.formatMessage(panelMessages.loading)} />}
    >
      <Body {...props} />
    </Suspense>
  );
}

/** The panel, for `tariffDevicesOverride.panels`. */
export const measurementsPanel: ResourcePanel = {
  id: 'measurements',
  title: panelMessages.title.id,
  replaces: READINGS,
  available: hasConsumption,
  component: LazyMeasurementsPanel,
};

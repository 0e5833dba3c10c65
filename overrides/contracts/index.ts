/**
 * Contracts: the "Bill preview" panel of the contract dialog (docs/billing.md), shown to users
 * with `BILLING`; the payments with a running balance in CZK in place of the generic
 * payments list (docs/product.md).
 */
import { canUse, useAbility } from '../../src/auth';
import { lazyComponent, type ResourceOverride } from '../../src/resources';
import { defineMessages } from 'react-intl';
import { contractPaymentsPanel } from './payments-panel';

export { RefusalText, type RefusalReason } from './refusal-text';

/** The privilege of billing (server/billing/routes.ts). */
const BILLING = 'BILLING';

/** True when the signed-in user may preview bills. */
export function useMayBill(): boolean {
  return canUse(useAbility(), BILLING);
}

/** The bill preview's title (its other texts, in messages.ts, load with the panel). */
const previewMessages = defineMessages({
  panel: { id: 'overrides.contracts.billPreview', defaultMessage: 'Bill preview' },
});

/** The contracts override. */
export const contractsOverride: ResourceOverride = {
  panels: [
    {
      id: 'bill-preview',
      title: previewMessages.panel.id,
      // Its code loads when a contract's dialog shows the panel, not with the list.
      component: lazyComponent(() =>
        import('./bill-preview-panel').then((module) => module.BillPreviewPanel),
      ),
      useVisible: useMayBill,
    },
    contractPaymentsPanel,
  ],
};

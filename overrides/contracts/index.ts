/**
 * Contracts: the "Bill preview" panel of the contract dialog (issue #15), shown to users
 * with `BILLING`; the payments with a running balance in CZK in place of the generic
 * payments list (issue 13).
 */
import type { ResourceOverride } from '../../src/resources';
import { BillPreviewPanel, useMayBill } from './bill-preview-panel';
import { billMessages } from './messages';
import { contractPaymentsPanel } from './payments-panel';

/** The contracts override. */
export const contractsOverride: ResourceOverride = {
  panels: [
    {
      id: 'bill-preview',
      title: billMessages.panel.id,
      component: BillPreviewPanel,
      useVisible: useMayBill,
    },
    contractPaymentsPanel,
  ],
};

/**
 * Contracts: the "Bill preview" panel of the contract dialog (issue #15), shown to users
 * with `BILLING`.
 */
import type { ResourceOverride } from '../../src/resources';
import { BillPreviewPanel, useMayBill } from './bill-preview-panel';
import { billMessages } from './messages';

/** The contracts override. */
export const contractsOverride: ResourceOverride = {
  panels: [
    {
      id: 'bill-preview',
      title: billMessages.panel.id,
      component: BillPreviewPanel,
      useVisible: useMayBill,
    },
  ],
};

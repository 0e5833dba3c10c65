/**
 * Incoming payments (docs/billing.md "Bank statements"): the credits of imported bank
 * statements, read-only in the generic list and dialog; the list's toolbar imports a
 * camt.053 statement ("Import a bank statement", its dialog loaded on the first click) and
 * an unmatched payment's dialog assigns it to an invoice or a contract. Both show only when
 * the back-end publishes the endpoints (`import`, `assign` among the extra actions).
 */
import { Suspense, lazy, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '@blueprintjs/core';
import {
  lazyComponent,
  loadLazyMessages,
  useResourceRuntime,
  type ListActionProps,
  type ResourceDescriptor,
  type ResourceOverride,
} from '../../src/resources';

/** The texts shown before the dialog's or panel's code (and lazy messages) load. */
const entryMessages = defineMessages({
  action: { id: 'overrides.statement.action', defaultMessage: 'Import a bank statement' },
  assign: { id: 'overrides.assign.title', defaultMessage: 'Assign' },
});

/** The resource and its extra actions. */
export const INCOMING_PAYMENTS = 'incoming-payments';
const IMPORT = 'import';
const ASSIGN = 'assign';

const offers = (descriptor: ResourceDescriptor | undefined, action: string) =>
  descriptor?.operations.extraActions?.includes(action) ?? false;

const LazyStatementDialog = lazy(async () => {
  const [module] = await Promise.all([import('./statement-dialog'), loadLazyMessages()]);
  return { default: module.StatementDialog };
});

/** The toolbar button and, once clicked, the import dialog. */
export function ImportStatementAction({ descriptor }: ListActionProps) {
  const intl = useIntl();
  const { mayUse } = useResourceRuntime();
  const [open, setOpen] = useState(false);
  if (!offers(descriptor, IMPORT) || !mayUse(descriptor.privilege)) return null;
  return (
    <>
      <Button
        icon="import"
        text={intl.formatMessage(entryMessages.action)}
        onClick={() => setOpen(true)}
      />
      {open && (
        <Suspense fallback={null}>
          <LazyStatementDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The incoming payments override. */
export const incomingPaymentsOverride: ResourceOverride = {
  // Rows come from statements: nothing to create, edit or delete by hand.
  descriptor: (descriptor) =>
    offers(descriptor, IMPORT)
      ? {
          ...descriptor,
          operations: { ...descriptor.operations, create: false, update: false, destroy: false },
        }
      : descriptor,
  listActions: [{ id: 'import-statement', component: ImportStatementAction }],
  panels: [
    {
      id: 'assign',
      title: entryMessages.assign.id,
      component: lazyComponent(() => import('./assign-panel').then((module) => module.AssignPanel)),
      available: (descriptorsByName) => offers(descriptorsByName[INCOMING_PAYMENTS], ASSIGN),
    },
  ],
};

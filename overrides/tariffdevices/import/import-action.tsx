/**
 * "Import readings" on the tariff devices list (docs/product.md), a `ListAction` of the tariff
 * devices override. Shown only when the back-end publishes the bulk readings endpoint
 * (`measurements` with the action `bulk_create` in its descriptor) and the user may write
 * readings; elsewhere (a plain DRF back-end) it renders nothing and sends nothing. The
 * dialog, with Papa Parse, loads on the first click.
 */
import { Suspense, lazy, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '@blueprintjs/core';
import { loadLazyMessages, useResourceRuntime, type ListActionProps } from '../../../src/resources';

/**
 * The button's text, here rather than in messages.ts (which only the import dialog, loaded
 * on first use, imports).
 */
const actionMessages = defineMessages({
  action: { id: 'overrides.import.action', defaultMessage: 'Import readings' },
});

/** The resource and action the import writes through. */
const MEASUREMENTS = 'measurements';
const BULK_ACTION = 'bulk_create';

// Its messages (its folder's cs.json, en.json) come with its code.
const LazyImportDialog = lazy(async () => {
  const [module] = await Promise.all([import('./import-dialog'), loadLazyMessages()]);
  return { default: module.ImportDialog };
});

/** The toolbar button and, once clicked, the import dialog. */
export function ImportReadingsAction(_props: ListActionProps) {
  const intl = useIntl();
  const { descriptorsByName, mayUse } = useResourceRuntime();
  const [open, setOpen] = useState(false);
  const measurements = descriptorsByName[MEASUREMENTS];
  if (!measurements?.operations.extraActions?.includes(BULK_ACTION)) return null;
  if (!mayUse(measurements.privilege)) return null;
  return (
    <>
      <Button
        icon="import"
        text={intl.formatMessage(actionMessages.action)}
        onClick={() => setOpen(true)}
      />
      {open && (
        <Suspense fallback={null}>
          <LazyImportDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

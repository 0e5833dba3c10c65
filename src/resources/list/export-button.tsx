import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@blueprintjs/core';
import type { ResourceDescriptor } from '../descriptor';
import { messages } from '../messages';
import { useResourceOverride, useResourceRuntime } from '../registry/resource-runtime';
import type { ListState } from './list-query';

/** Props of `ExportButton`. */
export interface ExportButtonProps {
  readonly descriptor: ResourceDescriptor;
  /** The list's current query (search, filters, sort); the page and page size are ignored. */
  readonly state: ListState;
  /** The shown columns (field names), in order. */
  readonly columns: readonly string[];
}

/**
 * "Export CSV": downloads every row of the current query as `<resource>-<date>.csv`. The
 * export code and Papa Parse load on the first click; while it runs the button spins, a
 * failure is said beside it.
 */
export function ExportButton({ descriptor, state, columns }: ExportButtonProps) {
  const intl = useIntl();
  const client = useQueryClient();
  const { request, descriptorsByName } = useResourceRuntime();
  const { cells } = useResourceOverride(descriptor);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const run = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { exportCsv, downloadFile } = await import('./csv-export');
      const { file, name } = await exportCsv({
        request,
        client,
        descriptor,
        descriptorsByName,
        state,
        columns,
        cells,
        text: {
          locale: intl.locale,
          yes: intl.formatMessage(messages.yes),
          no: intl.formatMessage(messages.no),
          message: (id, fallback) => intl.formatMessage({ id, defaultMessage: fallback }),
        },
      });
      downloadFile(file, name);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        icon="download"
        loading={busy}
        intent={failed ? 'danger' : undefined}
        text={intl.formatMessage(messages.exportCsv)}
        onClick={() => void run()}
      />
      {failed && (
        <span role="alert" className="joule-export-error">
          {intl.formatMessage(messages.exportFailed)}
        </span>
      )}
    </>
  );
}

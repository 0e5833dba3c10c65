import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  ProgressBar,
} from '@blueprintjs/core';
import type { ResourceDescriptor } from '../descriptor';
import { messages } from '../messages';
import { resourceKeys } from '../queries';
import { useResourceOverride, useResourceRuntime } from '../registry/resource-runtime';
import {
  DELETE_ACTION,
  MAX_BULK_ROWS,
  refusalOf,
  runBulkAction,
  type BulkProgress,
  type BulkResult,
} from './bulk-run';
import type { ListState } from './list-query';
import type { ListSelectionController } from './use-list-selection';

/** Props of `SelectionBar`. */
export interface SelectionBarProps {
  readonly descriptor: ResourceDescriptor;
  readonly selection: ListSelectionController;
  /** The list's query: what "all N matching" stands for. */
  readonly state: ListState;
  /** How many rows the query matches (the list's `count`). */
  readonly total: number;
  /** How many rows the page shows. */
  readonly pageRows: number;
  /** The shown columns, for the export. */
  readonly columns: readonly string[];
}

/** An action the bar offers: its name and its verb. */
interface BarAction {
  readonly name: string;
  readonly label: string;
}

type Step =
  | { readonly kind: 'idle' }
  | { readonly kind: 'confirm'; readonly action: BarAction }
  | {
      readonly kind: 'running';
      readonly action: BarAction;
      /** Set once the first of several requests is answered. */
      readonly progress?: BulkProgress;
    }
  | { readonly kind: 'done'; readonly action: BarAction; readonly result: BulkResult }
  | { readonly kind: 'failed'; readonly action: BarAction; readonly reason: string };

/**
 * "N selected" and what may be done with them (docs/api.md "Bulk actions"): select all
 * rows matching the query, delete, export as CSV, the back-end's declared actions; a
 * confirmation that names the action and the count; and the summary of what was done and
 * which rows were refused, with their titles and the server's reasons.
 */
export function SelectionBar(props: SelectionBarProps) {
  const { descriptor, selection, state, total, pageRows, columns } = props;
  const intl = useIntl();
  const client = useQueryClient();
  const { request, descriptorsByName } = useResourceRuntime();
  const { cells } = useResourceOverride(descriptor);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [exporting, setExporting] = useState(false);
  const stopper = useRef<AbortController | null>(null);
  const resource = intl.formatMessage({ id: descriptor.title, defaultMessage: descriptor.name });
  const { count } = selection;
  if (count === 0 && step.kind === 'idle') return null;

  const actions: BarAction[] = [
    ...(descriptor.operations.destroy
      ? [{ name: DELETE_ACTION, label: intl.formatMessage(messages.bulkDelete) }]
      : []),
    ...(descriptor.bulkActions ?? []).map((action) => ({
      name: action.name,
      label: intl.formatMessage({ id: action.label, defaultMessage: action.name }),
    })),
  ];
  const tooMany = count > MAX_BULK_ROWS;

  const run = async (action: BarAction) => {
    setStep({ kind: 'running', action });
    const stop = new AbortController();
    stopper.current = stop;
    try {
      const result = await runBulkAction({
        request,
        descriptor,
        action: action.name,
        selection: selection.selection,
        state,
        fallbackReason: intl.formatMessage(messages.bulkRefusedFallback),
        signal: stop.signal,
        onProgress: (progress) => {
          if (progress.done < progress.count) setStep({ kind: 'running', action, progress });
        },
      });
      setStep({ kind: 'done', action, result });
      selection.clear();
    } catch (error) {
      setStep({
        kind: 'failed',
        action,
        reason: refusalOf(error, intl.formatMessage(messages.bulkFailed)),
      });
    } finally {
      stopper.current = null;
      await client.invalidateQueries({ queryKey: resourceKeys.all(descriptor.name) });
    }
  };
  const progress = step.kind === 'running' ? step.progress : undefined;
  const progressText =
    progress &&
    intl.formatMessage(messages.bulkProgress, { done: progress.done, count: progress.count });

  const exportSelection = async () => {
    setExporting(true);
    try {
      const { exportCsv, downloadFile } = await import('./csv-export');
      const chosen = selection.selection;
      const { file, name } = await exportCsv({
        request,
        client,
        descriptor,
        descriptorsByName,
        state,
        columns,
        cells,
        ...(chosen.kind === 'rows' && { rows: [...chosen.rows.values()] }),
        text: {
          locale: intl.locale,
          yes: intl.formatMessage(messages.yes),
          no: intl.formatMessage(messages.no),
          message: (id, fallback) => intl.formatMessage({ id, defaultMessage: fallback }),
        },
      });
      downloadFile(file, name);
    } finally {
      setExporting(false);
    }
  };

  const allOnPage = selection.pageState === 'all' && selection.selection.kind === 'rows';
  return (
    <div className="joule-selection-bar" role="toolbar" aria-label={resource}>
      {count > 0 && (
        <>
          <strong role="status">{intl.formatMessage(messages.selectedCount, { count })}</strong>
          {allOnPage && total > pageRows && (
            <Button
              variant="minimal"
              text={intl.formatMessage(messages.selectMatching, { count: total })}
              onClick={() => selection.selectMatching(total)}
            />
          )}
          {actions.map((action) => (
            <Button
              key={action.name}
              text={action.label}
              intent={action.name === DELETE_ACTION ? 'danger' : undefined}
              disabled={tooMany}
              onClick={() => setStep({ kind: 'confirm', action })}
            />
          ))}
          <Button
            icon="download"
            loading={exporting}
            text={intl.formatMessage(messages.exportCsv)}
            onClick={() => void exportSelection()}
          />
          <Button
            variant="minimal"
            icon="cross"
            text={intl.formatMessage(messages.clearSelection)}
            onClick={selection.clear}
          />
          {tooMany && (
            <span role="alert">
              {intl.formatMessage(messages.bulkTooMany, { max: MAX_BULK_ROWS })}
            </span>
          )}
        </>
      )}
      <Alert
        isOpen={step.kind === 'confirm' || step.kind === 'running'}
        loading={step.kind === 'running'}
        intent={step.kind !== 'idle' && step.action.name === DELETE_ACTION ? 'danger' : 'primary'}
        confirmButtonText={step.kind === 'idle' ? '' : 'action' in step ? step.action.label : ''}
        cancelButtonText={intl.formatMessage(messages.bulkBack)}
        onConfirm={() => {
          if (step.kind === 'confirm') void run(step.action);
        }}
        onCancel={() => setStep({ kind: 'idle' })}
      >
        {step.kind === 'confirm' || step.kind === 'running'
          ? intl.formatMessage(messages.bulkConfirm, { action: step.action.label, count, resource })
          : null}
        {progress && (
          <div className="joule-bulk-progress">
            <ProgressBar
              intent="primary"
              value={progress.done / progress.count}
              aria-label={progressText}
            />
            <span role="status">{progressText}</span>
            <Button
              size="small"
              text={intl.formatMessage(messages.bulkStop)}
              onClick={() => stopper.current?.abort()}
            />
          </div>
        )}
      </Alert>
      {(step.kind === 'done' || step.kind === 'failed') && (
        <BulkSummary step={step} resource={resource} onClose={() => setStep({ kind: 'idle' })} />
      )}
    </div>
  );
}

/** What a bulk action came to: done count and the refused rows, as the readings import shows them. */
function BulkSummary({
  step,
  resource,
  onClose,
}: {
  step: Extract<Step, { kind: 'done' | 'failed' }>;
  resource: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const title = `${step.action.label}: ${resource}`;
  return (
    <Dialog isOpen title={title} onClose={onClose}>
      <DialogBody>
        {step.kind === 'failed' ? (
          <Callout intent="danger" role="alert">
            {step.reason}
          </Callout>
        ) : (
          <>
            <Callout intent={step.result.failed.length > 0 ? 'warning' : 'success'} role="status">
              {intl.formatMessage(messages.bulkDone, {
                action: step.action.label,
                done: step.result.succeeded.length,
                count: step.result.count,
              })}
            </Callout>
            {step.result.stopped && (
              <Callout intent="warning" style={{ marginTop: 8 }}>
                {intl.formatMessage(messages.bulkStopped, {
                  count:
                    step.result.count - step.result.succeeded.length - step.result.failed.length,
                })}
              </Callout>
            )}
            {step.result.failed.length > 0 && (
              <div style={{ overflowX: 'auto', marginTop: 8 }}>
                <HTMLTable
                  compact
                  striped
                  aria-label={intl.formatMessage(messages.bulkRefused, {
                    count: step.result.failed.length,
                  })}
                >
                  <caption style={{ textAlign: 'left', fontWeight: 600 }}>
                    {intl.formatMessage(messages.bulkRefused, { count: step.result.failed.length })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{intl.formatMessage(messages.bulkRecord)}</th>
                      <th scope="col">{intl.formatMessage(messages.bulkReason)}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {step.result.failed.map((row) => (
                      <tr key={String(row.id)}>
                        <td>{row.title ?? `#${String(row.id)}`}</td>
                        <td>{row.reason}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </div>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <Button
            intent="primary"
            text={intl.formatMessage(messages.bulkClose)}
            onClick={onClose}
          />
        }
      />
    </Dialog>
  );
}

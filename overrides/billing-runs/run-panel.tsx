/**
 * Billing runs (docs/billing.md "Billing run"): "New" asks for the month (its first day) and
 * starts the run; the run's dialog shows its state as a badge (as the list labels it) and a
 * progress bar (done, failed, remaining) that
 * follows `GET /billing-runs/{id}/progress/` every second while the run goes, a cancel
 * button (`POST /billing-runs/{id}/cancel/`; a refusal shown) and the failures with their
 * reasons and periods (first to last day), each linking to its contract's record
 * (`/contracts/7`, src/resources/record-path.tsx) and naming its points and meters as links
 * to theirs (overrides/contracts/refusal-text.tsx); when more failed than the answer lists
 * (at most 100), how many more. A done run with issued invoices not yet sent offers "Send
 * issued invoices" (`POST /billing-runs/{id}/send/`, a job on the queue) and follows the
 * mailing with a bar of its own until every invoice that can be sent is.
 */
import { Fragment, useEffect, useState } from 'react';
import { Button, Callout, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { unwrap, type ApiSchema } from '../../src/api';
import {
  useResourceRuntime,
  type ResourceDescriptor,
  type ResourcePanelProps,
  formatDateText,
  Link,
} from '../../src/resources';
import { RefusalText } from '../contracts';
import { runMessages } from './messages';
import { runPanelMessages } from './panel-messages';
import { takeCreated } from './just-created';
import { watchRun } from './run-watch';

/** The day before `iso` (`YYYY-MM-DD`): the last day of a period ending there. */
function dayBefore(iso: string): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** A run still going: planned by a worker (`planning`) or billing (`running`). */
export const isLive = (state: string | undefined) => state === 'running' || state === 'planning';

/** What the view shows of a run's progress (`GET /billing-runs/{id}/progress/`). */
export type RunProgress = Pick<
  ApiSchema<'BillingRunProgress'>,
  | 'state'
  | 'total'
  | 'done'
  | 'invoiced'
  | 'skipped'
  | 'failed'
  | 'cancelled'
  | 'remaining'
  | 'failures'
> &
  Partial<Pick<ApiSchema<'BillingRunProgress'>, 'sending'>>;

/** Whether invoices of the run wait to be sent (and can be: their customer has an e-mail). */
const toSend = (progress: RunProgress | undefined) => (progress?.sending?.remaining ?? 0) > 0;

const STATE_INTENT: Readonly<Record<string, Intent>> = {
  planning: Intent.PRIMARY,
  running: Intent.PRIMARY,
  done: Intent.SUCCESS,
  cancelled: Intent.DANGER,
};

/**
 * The message id the list labels a run's state by (the `state` field's choice in the
 * descriptor, e.g. "Done"), so the dialog's badge says what the list says.
 */
export function stateLabelId(descriptor: ResourceDescriptor, state: string): string | undefined {
  const field = descriptor.fields.find((candidate) => candidate.name === 'state');
  return field?.choices?.find((choice) => String(choice.value) === state)?.label;
}

/** Badge, progress bar, counts, cancel and failures of one run. */
export function RunProgressView(props: {
  readonly progress: RunProgress;
  /** The message id of the run's state as the list names it. */
  readonly stateLabel?: string;
  readonly onCancel: () => void;
  readonly cancelling: boolean;
  /** Why the last cancel was refused, if it was. */
  readonly cancelError?: string | null;
  /** Queues the mailing of the run's issued invoices; absent: no such button. */
  readonly onSend?: () => void;
  /** The mailing was asked for and is on its way (or being asked for). */
  readonly sendingAsked?: boolean;
  /** Why asking for the mailing was refused, if it was. */
  readonly sendError?: string | null;
}) {
  const { progress, stateLabel, onCancel, cancelling, cancelError } = props;
  const intl = useIntl();
  const day = (iso: string) => formatDateText(iso, intl.locale);
  const finished = progress.done + progress.failed;
  const value = progress.total === 0 ? 1 : finished / progress.total;
  const running = isLive(progress.state);
  const { onSend, sendingAsked, sendError } = props;
  const sending = progress.sending;
  return (
    <div>
      <Tag
        large
        round
        intent={STATE_INTENT[progress.state] ?? Intent.NONE}
        data-testid="run-state"
        style={{ marginBottom: 8 }}
      >
        {intl.formatMessage({ id: stateLabel ?? progress.state, defaultMessage: progress.state })}
      </Tag>
      <ProgressBar
        value={value}
        animate={running}
        stripes={running}
        intent={progress.failed > 0 ? Intent.WARNING : Intent.SUCCESS}
        aria-label={intl.formatMessage(runPanelMessages.progress)}
      />
      <p role="status" style={{ marginTop: 8 }}>
        <FormattedMessage
          {...runMessages.counts}
          values={{
            done: progress.done,
            total: progress.total,
            invoiced: progress.invoiced,
            skipped: progress.skipped,
            failed: progress.failed,
            remaining: progress.remaining,
          }}
        />
      </p>
      {running && (
        <Button intent={Intent.DANGER} loading={cancelling} onClick={onCancel}>
          <FormattedMessage {...runMessages.cancel} />
        </Button>
      )}
      {progress.state === 'done' && sending && sending.issued > 0 && (
        <div className="joule-run-sending" style={{ marginTop: 8 }}>
          {sendingAsked && sending.remaining > 0 && (
            <ProgressBar
              value={sending.sent / Math.max(1, sending.issued - sending.without_email)}
              intent={Intent.PRIMARY}
              aria-label={intl.formatMessage(runMessages.sendingProgress)}
            />
          )}
          <p aria-live="polite" data-testid="run-sending">
            <FormattedMessage
              {...runMessages.sent}
              values={{ sent: sending.sent, issued: sending.issued }}
            />
            {sending.without_email > 0 && (
              <>
                {' · '}
                <FormattedMessage
                  {...runMessages.withoutEmail}
                  values={{ count: sending.without_email }}
                />
              </>
            )}
          </p>
          {onSend && sending.remaining > 0 && (
            <Button intent={Intent.PRIMARY} icon="envelope" loading={sendingAsked} onClick={onSend}>
              <FormattedMessage {...runMessages.send} values={{ count: sending.remaining }} />
            </Button>
          )}
          {sendError && (
            <Callout intent={Intent.DANGER} style={{ marginTop: 8 }}>
              <FormattedMessage {...runMessages.sendFailed} values={{ detail: sendError }} />
            </Callout>
          )}
        </div>
      )}
      {cancelError && (
        <Callout intent={Intent.DANGER} style={{ marginTop: 8 }}>
          <FormattedMessage {...runMessages.cancelFailed} values={{ detail: cancelError }} />
        </Callout>
      )}
      {progress.failures.length > 0 && (
        <Callout intent={Intent.WARNING} style={{ marginTop: 8 }}>
          <h4>
            <FormattedMessage {...runMessages.failures} />
          </h4>
          <ul>
            {progress.failures.map((failure) => (
              <li key={failure.contract}>
                <Link to={`/contracts/${failure.contract}`}>{failure.contract_no}</Link> (
                <FormattedMessage
                  {...runMessages.period}
                  values={{
                    from: day(failure.period_from),
                    last: day(dayBefore(failure.period_to)),
                  }}
                />
                ):{' '}
                {failure.reasons.map((reason, index) => (
                  <Fragment key={index}>
                    {index > 0 && ' '}
                    <RefusalText reason={reason} />
                  </Fragment>
                ))}
              </li>
            ))}
          </ul>
          {progress.failed > progress.failures.length && (
            <p>
              <FormattedMessage
                {...runMessages.moreFailures}
                values={{
                  count: progress.failed - progress.failures.length,
                  shown: progress.failures.length,
                }}
              />
            </p>
          )}
        </Callout>
      )}
    </div>
  );
}

/** The panel of a run's dialog. */
export function RunPanel({ id, descriptor }: ResourcePanelProps) {
  const client = useQueryClient();
  const intl = useIntl();
  const { api, onEvent } = useResourceRuntime();
  const path = { id: Number(id) };
  const queryKey = ['billing-runs', 'progress', String(id)];
  const fetchProgress = () => unwrap(api.GET('/billing-runs/{id}/progress/', { params: { path } }));
  // Set once the mailing is asked for: the progress is followed until it is done.
  const [sendingAsked, setSendingAsked] = useState(false);
  const progress = useQuery({
    queryKey,
    queryFn: fetchProgress,
    refetchInterval: (query) =>
      isLive(query.state.data?.state) || (sendingAsked && toSend(query.state.data)) ? 1000 : false,
  });
  const cancel = useMutation({
    mutationFn: () => unwrap(api.POST('/billing-runs/{id}/cancel/', { params: { path } })),
    onSuccess: () => client.invalidateQueries(),
  });
  const send = useMutation({
    mutationFn: () => unwrap(api.POST('/billing-runs/{id}/send/', { params: { path } })),
    onSuccess: (answer) => {
      setSendingAsked(true);
      client.setQueryData(['billing-runs', 'progress', String(id)], answer);
    },
  });
  const live = isLive(progress.data?.state);
  // A run seen going, or created in this tab (it may have ended before its progress is first
  // read), is followed to its end even once the dialog is closed; the bell says how it ended.
  useEffect(() => {
    if (!takeCreated(id) && !live) return;
    watchRun({
      client,
      id: String(id),
      queryKey,
      fetchProgress,
      isLive,
      onEnd: (ended) =>
        onEvent({
          type: 'done',
          resource: 'billing-runs',
          bell: true,
          failed: ended.state !== 'done' || ended.failed > 0,
          message: intl.formatMessage(
            ended.state === 'done' ? runMessages.ended : runMessages.endedCancelled,
            { id: String(id), invoiced: ended.invoiced, failed: ended.failed },
          ),
        }),
    });
    // The watch is started once per run; what it needs does not change meanwhile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, id]);
  if (!progress.data) return null;
  return (
    <RunProgressView
      progress={progress.data}
      stateLabel={stateLabelId(descriptor, progress.data.state)}
      onCancel={() => cancel.mutate()}
      cancelling={cancel.isPending}
      cancelError={cancel.error ? cancel.error.message : null}
      onSend={() => send.mutate()}
      sendingAsked={send.isPending || (sendingAsked && toSend(progress.data))}
      sendError={send.error ? send.error.message : null}
    />
  );
}

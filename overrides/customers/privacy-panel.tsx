/**
 * The customer dialog's "Personal data" panel (docs/security.md "Personal data"), shown to
 * holders of `PRIVACY` when the back-end publishes the customers' extra actions
 * `personal_data` and `anonymise`: export everything held about a person as JSON or PDF
 * (`GET /customers/{id}/personal-data/?format=`), and anonymise them after a confirmation
 * (`POST /customers/{id}/anonymise/`); the server's refusal (a contract in force, invoices
 * still kept) is shown as it words it.
 */
import { useState } from 'react';
import { Alert, Button, ButtonGroup, Callout, Intent } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, apiClient, unwrap } from '../../src/api';
import { useResourceRuntime, type ResourcePanelProps } from '../../src/resources';
import { privacyMessages } from './privacy-messages';

/** Saves `blob` as `name` through a temporary link. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The panel: two exports and the anonymisation. */
export function PrivacyPanel({ id, row }: ResourcePanelProps) {
  const intl = useIntl();
  const client = useQueryClient();
  const { api } = useResourceRuntime();
  const path = { id: Number(id) };
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const anonymise = useMutation({
    mutationFn: () => unwrap(api.POST('/customers/{id}/anonymise/', { params: { path } })),
    onSuccess: () => client.invalidateQueries(),
    onError: (failure: Error) => setError(failure.message),
  });
  if (row.type !== 'person') {
    return (
      <p>
        <FormattedMessage {...privacyMessages.onlyPerson} />
      </p>
    );
  }
  const download = async (format: 'json' | 'pdf') => {
    setError(null);
    const lang = intl.locale.startsWith('cs') ? 'cs' : 'en';
    // A file, not parsed JSON: the app's own client, which answers a Blob.
    const file = await unwrap(
      apiClient.GET('/customers/{id}/personal-data/', {
        params: { path, query: { format, lang } },
        parseAs: 'blob',
      }),
    ).catch((failure: unknown) => {
      if (failure instanceof ApiError) return failure;
      throw failure;
    });
    if (file instanceof ApiError) {
      setError(file.message);
      return;
    }
    saveBlob(file, `personal-data-${String(row.customer_no ?? id)}.${format}`);
  };
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return (
    <div>
      <ButtonGroup style={{ marginBottom: 8, gap: 8 }}>
        <Button icon="download" onClick={() => void download('json')}>
          <FormattedMessage {...privacyMessages.exportJson} />
        </Button>
        <Button icon="download" onClick={() => void download('pdf')}>
          <FormattedMessage {...privacyMessages.exportPdf} />
        </Button>
        <Button
          intent={Intent.DANGER}
          loading={anonymise.isPending}
          disabled={anonymise.isSuccess}
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          <FormattedMessage {...privacyMessages.anonymise} />
        </Button>
      </ButtonGroup>
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon="warning-sign"
        confirmButtonText={intl.formatMessage(privacyMessages.anonymise)}
        cancelButtonText={intl.formatMessage(privacyMessages.keep)}
        onConfirm={() => {
          setConfirming(false);
          anonymise.mutate();
        }}
        onCancel={() => setConfirming(false)}
        canEscapeKeyCancel
      >
        <p>
          <FormattedMessage {...privacyMessages.confirm} values={{ name }} />
        </p>
      </Alert>
      {anonymise.isSuccess && (
        <Callout intent={Intent.SUCCESS}>
          <FormattedMessage {...privacyMessages.done} />
        </Callout>
      )}
      {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
    </div>
  );
}

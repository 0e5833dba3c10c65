/**
 * The user dialog's "Sessions" panel (docs/security.md "Tokens"), for holders of `USERS`
 * when the back-end publishes the users' extra action `sign_out_everywhere`: signs the user
 * out on every device after a confirmation (`POST /users/{id}/sign_out_everywhere/`); the
 * server's refusal (a user holding more than the editor) is shown as it words it. A superuser
 * also resets the user's second factor there (docs/security.md "Two-factor sign-in",
 * `POST /users/{id}/reset_two_factor/`), after a confirmation.
 */
import { useState } from 'react';
import { Alert, Button, Callout, Intent } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { unwrap } from '../../src/api';
import { SUPERUSER, canUse, useAbility } from '../../src/auth';
import { useResourceRuntime, type ResourcePanelProps } from '../../src/resources';
import { userMessages } from './messages';

export function SignOutPanel({ id }: ResourcePanelProps) {
  const intl = useIntl();
  const { api } = useResourceRuntime();
  const superuser = canUse(useAbility(), SUPERUSER);
  const [confirming, setConfirming] = useState(false);
  const signOut = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/users/{id}/sign_out_everywhere/', { params: { path: { id: Number(id) } } }),
      ),
  });
  return (
    <div className="joule-user-sessions">
      <Button icon="log-out" onClick={() => setConfirming(true)} loading={signOut.isPending}>
        <FormattedMessage {...userMessages.signOutEverywhere} />
      </Button>
      {signOut.isSuccess && (
        <Callout intent="success" compact role="status">
          <FormattedMessage {...userMessages.signedOutEverywhere} />
        </Callout>
      )}
      {signOut.error && (
        <Callout intent="danger" compact role="alert">
          {signOut.error.message}
        </Callout>
      )}
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon="log-out"
        confirmButtonText={intl.formatMessage(userMessages.signOutEverywhere)}
        cancelButtonText={intl.formatMessage(userMessages.cancel)}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          signOut.mutate();
        }}
      >
        <FormattedMessage {...userMessages.signOutEverywhereConfirm} />
      </Alert>
      {superuser && <ResetTwoFactor id={id} />}
    </div>
  );
}

/** A superuser's reset of the user's second factor (a lost phone), after a confirmation. */
function ResetTwoFactor({ id }: Pick<ResourcePanelProps, 'id'>) {
  const intl = useIntl();
  const { api } = useResourceRuntime();
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: () =>
      unwrap(api.POST('/users/{id}/reset_two_factor/', { params: { path: { id: Number(id) } } })),
  });
  return (
    <>
      <Button icon="key" onClick={() => setConfirming(true)} loading={reset.isPending}>
        <FormattedMessage {...userMessages.resetTwoFactor} />
      </Button>
      {reset.isSuccess && (
        <Callout intent="success" compact role="status">
          <FormattedMessage {...userMessages.twoFactorReset} />
        </Callout>
      )}
      {reset.error && (
        <Callout intent="danger" compact role="alert">
          {reset.error.message}
        </Callout>
      )}
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon="key"
        confirmButtonText={intl.formatMessage(userMessages.resetTwoFactor)}
        cancelButtonText={intl.formatMessage(userMessages.cancel)}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          reset.mutate();
        }}
      >
        <FormattedMessage {...userMessages.resetTwoFactorConfirm} />
      </Alert>
    </>
  );
}

/**
 * One's own second factor in Settings (docs/security.md "Two-factor sign-in"): turn it on
 * (QR code and the secret, a code from the app, then the ten recovery codes shown once) or
 * off with the current password, unless a role requires it. Shown for an own sign-in only.
 */
import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, apiClient, unwrap, writeBody, type ApiSchema } from '../../api';
import { authSession } from '../../auth';
import { RecoveryCodeList, TwoFactorEnrolment } from '../login/two-factor-parts';

const TWO_FACTOR_KEY = ['auth', 'me', 'two_factor'] as const;

export function TwoFactorCard() {
  const intl = useIntl();
  const client = useQueryClient();
  const status = useQuery({
    queryKey: TWO_FACTOR_KEY,
    queryFn: () => unwrap(apiClient.GET('/auth/me/two_factor/')),
  });
  const [setup, setSetup] = useState<ApiSchema<'TwoFactorSetup'> | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
  const failed = (failure: unknown) => {
    if (failure instanceof ApiError && failure.status === 400) {
      const field = Object.values(failure.fieldErrors)
        .flat()
        .find((message) => typeof message === 'string');
      setError(field ?? failure.formErrors[0] ?? failure.message);
    } else setError(failure instanceof Error ? failure.message : String(failure));
  };

  const start = useMutation({
    mutationFn: () => unwrap(apiClient.POST('/auth/me/two_factor/setup/')),
    onSuccess: (answer) => {
      setError(null);
      setCode('');
      setSetup(answer);
    },
    onError: failed,
  });
  const confirm = useMutation({
    mutationFn: (given: { challenge: string; code: string }) =>
      unwrap(apiClient.POST('/auth/me/two_factor/confirm/', { body: writeBody(given) })),
    onSuccess: async ({ recovery_codes, access, refresh: renewed }) => {
      // The other sessions ended; this one goes on with the new pair.
      await authSession.beginSession('joule', { access, refresh: renewed });
      setError(null);
      setSetup(null);
      setCodes(recovery_codes);
      void refresh();
    },
    onError: failed,
  });
  const disable = useMutation({
    mutationFn: (current: string) =>
      unwrap(
        apiClient.POST('/auth/me/two_factor/disable/', {
          body: writeBody({ current_password: current }),
        }),
      ),
    onSuccess: async (pair) => {
      await authSession.beginSession('joule', pair);
      setError(null);
      setPassword('');
      void refresh();
    },
    onError: failed,
  });

  function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (setup) confirm.mutate({ challenge: setup.challenge, code: code.replace(/\s/g, '') });
  }

  function onDisable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    disable.mutate(password);
  }

  const data = status.data;
  return (
    <Card elevation={1} className="joule-settings-card joule-two-factor-settings">
      <H2>
        <FormattedMessage id="app.settings.twoFactor.title" />
      </H2>
      {error && (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      )}
      {data && (
        <p>
          <FormattedMessage
            id={data.enabled ? 'app.settings.twoFactor.on' : 'app.settings.twoFactor.off'}
          />{' '}
          {data.required && <FormattedMessage id="app.settings.twoFactor.required" />}{' '}
          <FormattedMessage id="app.settings.twoFactor.signsOut" />
        </p>
      )}
      {codes && (
        <Callout intent="success">
          <p>
            <FormattedMessage id="app.twoFactor.recoveryCodesNote" />
          </p>
          <RecoveryCodeList codes={codes} />
          <Button
            intent="primary"
            text={intl.formatMessage({ id: 'app.twoFactor.saved' })}
            onClick={() => setCodes(null)}
          />
        </Callout>
      )}
      {data && !data.enabled && !setup && (
        <Button
          intent="primary"
          loading={start.isPending}
          text={intl.formatMessage({ id: 'app.settings.twoFactor.turnOn' })}
          onClick={() => start.mutate()}
        />
      )}
      {setup && (
        <form onSubmit={onConfirm} noValidate>
          <TwoFactorEnrolment qr={setup.qr} secret={setup.secret} />
          <FormGroup
            label={intl.formatMessage({ id: 'app.twoFactor.code' })}
            labelFor="joule-two-factor-code"
          >
            <InputGroup
              id="joule-two-factor-code"
              autoComplete="one-time-code"
              value={code}
              onValueChange={setCode}
            />
          </FormGroup>
          <Button
            type="submit"
            intent="primary"
            loading={confirm.isPending}
            text={intl.formatMessage({ id: 'app.twoFactor.verify' })}
          />
        </form>
      )}
      {data?.enabled && !data.required && (
        <form onSubmit={onDisable} noValidate>
          <FormGroup
            label={intl.formatMessage({ id: 'app.settings.account.currentPassword' })}
            labelFor="joule-two-factor-password"
          >
            <InputGroup
              id="joule-two-factor-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onValueChange={setPassword}
            />
          </FormGroup>
          <Button
            type="submit"
            loading={disable.isPending}
            text={intl.formatMessage({ id: 'app.settings.twoFactor.turnOff' })}
          />
        </form>
      )}
    </Card>
  );
}

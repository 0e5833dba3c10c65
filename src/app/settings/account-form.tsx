/**
 * One's own password and e-mail (docs/security.md "Account changes"): each needs the
 * current password; the change signs out every other session and the server answers new
 * tokens for this one. Shown for an own sign-in only: with single sign-on the provider
 * keeps the credentials.
 */
import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, apiClient, unwrap } from '../../api';
import { authSession } from '../../auth';
import { notify } from '../notifications/notify';

type Fields = Record<string, string>;

/** One small form: its fields, the call, the success message. */
function ChangeForm(props: {
  readonly title: string;
  readonly fields: readonly { name: string; label: string; type: string; auto: string }[];
  readonly submitLabel: string;
  /** Message id of the success notification. */
  readonly done: string;
  readonly send: (values: Fields) => Promise<{ access: string; refresh: string }>;
}) {
  const [values, setValues] = useState<Fields>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setFailure(null);
    try {
      const tokens = await props.send(values);
      await authSession.beginSession('joule', tokens);
      setValues({});
      notify({ type: 'success', message: { id: props.done } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const found: Record<string, string> = {};
        for (const [name, messages] of Object.entries(error.fieldErrors))
          found[name] = ([] as unknown[]).concat(messages).map(String).join(' ');
        setErrors(found);
      } else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label={props.title}>
      <H2>{props.title}</H2>
      {props.fields.map((field) => (
        <FormGroup
          key={field.name}
          label={field.label}
          labelFor={`account-${field.name}`}
          intent={errors[field.name] ? 'danger' : 'none'}
          helperText={errors[field.name]}
        >
          <InputGroup
            id={`account-${field.name}`}
            type={field.type}
            autoComplete={field.auto}
            required
            value={values[field.name] ?? ''}
            intent={errors[field.name] ? 'danger' : 'none'}
            onChange={(event) => setValues({ ...values, [field.name]: event.currentTarget.value })}
          />
        </FormGroup>
      ))}
      {failure && <Callout intent="danger">{failure}</Callout>}
      <div className="joule-form-actions">
        <Button type="submit" intent="primary" loading={saving}>
          {props.submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The card with both forms. */
export function AccountForm() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const current = {
    name: 'current_password',
    label: t('app.settings.account.currentPassword'),
    type: 'password',
    auto: 'current-password',
  };
  return (
    <Card elevation={1} className="joule-settings-card joule-account-settings">
      <ChangeForm
        title={t('app.settings.account.passwordTitle')}
        fields={[
          current,
          {
            name: 'new_password',
            label: t('app.settings.account.newPassword'),
            type: 'password',
            auto: 'new-password',
          },
        ]}
        submitLabel={t('app.settings.account.changePassword')}
        done="app.settings.account.passwordChanged"
        send={(values) =>
          unwrap(
            apiClient.POST('/auth/me/password/', {
              body: {
                current_password: values.current_password ?? '',
                new_password: values.new_password ?? '',
              },
            }),
          )
        }
      />
      <ChangeForm
        title={t('app.settings.account.emailTitle')}
        fields={[
          {
            name: 'new_email',
            label: t('app.settings.account.newEmail'),
            type: 'email',
            auto: 'email',
          },
          current,
        ]}
        submitLabel={t('app.settings.account.changeEmail')}
        done="app.settings.account.emailChanged"
        send={(values) =>
          unwrap(
            apiClient.POST('/auth/me/email/', {
              body: {
                current_password: values.current_password ?? '',
                new_email: values.new_email ?? '',
              },
            }),
          )
        }
      />
      <Callout intent="primary" compact>
        <FormattedMessage id="app.settings.account.signsOut" />
      </Callout>
    </Card>
  );
}

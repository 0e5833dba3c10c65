/**
 * The supplier's global settings (docs/product.md): name, IČO, DIČ, address,
 * bank account and VAT rates with the day each comes into force, stored by
 * `PUT /api/v1/settings/global/` (superuser only) and printed on invoices.
 */
import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  Card,
  FormGroup,
  H2,
  InputGroup,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, apiClient, unwrap, type ApiSchema } from '../../api';
import { DateInput } from '../../resources';
import { notify } from '../notifications/notify';

type GlobalSettings = ApiSchema<'GlobalSettings'>;

const TEXT_FIELDS = ['supplier_name', 'ico', 'dic', 'bank_account'] as const;

/** The form; shown on the settings page to a superuser. */
export function GlobalSettingsForm() {
  const intl = useIntl();
  const [draft, setDraft] = useState<GlobalSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    unwrap(apiClient.GET('/settings/global/')).then(
      (settings) => live && setDraft(settings),
      (error: unknown) =>
        live && setFailure(String(error instanceof Error ? error.message : error)),
    );
    return () => {
      live = false;
    };
  }, []);

  if (failure && !draft) return <Callout intent="danger">{failure}</Callout>;
  if (!draft) return <Spinner size={20} />;

  const change = (next: Partial<GlobalSettings>) => setDraft({ ...draft, ...next });
  const fieldError = (name: string) => errors[name]?.join(' ');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft) return;
    setSaving(true);
    setErrors({});
    setFailure(null);
    try {
      setDraft(await unwrap(apiClient.PUT('/settings/global/', { body: draft })));
      notify({ type: 'success', message: { id: 'app.settings.global.saved' } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const found: Record<string, string[]> = {};
        for (const [name, messages] of Object.entries(error.fieldErrors))
          found[name] = ([] as unknown[]).concat(messages).map(String);
        setErrors(found);
      } else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card elevation={1} className="joule-settings-card joule-global-settings">
      <H2>
        <FormattedMessage id="app.settings.global.title" />
      </H2>
      <form
        onSubmit={onSubmit}
        aria-label={intl.formatMessage({ id: 'app.settings.global.title' })}
      >
        {TEXT_FIELDS.map((name) => (
          <FormGroup
            key={name}
            label={intl.formatMessage({ id: `app.settings.global.${name}` })}
            labelFor={`global-${name}`}
            intent={fieldError(name) ? 'danger' : 'none'}
            helperText={fieldError(name)}
          >
            <InputGroup
              id={`global-${name}`}
              value={draft[name]}
              intent={fieldError(name) ? 'danger' : 'none'}
              onChange={(event) => change({ [name]: event.currentTarget.value })}
            />
          </FormGroup>
        ))}
        <FormGroup
          label={intl.formatMessage({ id: 'app.settings.global.address' })}
          labelFor="global-address"
          helperText={fieldError('address')}
        >
          <TextArea
            id="global-address"
            fill
            value={draft.address}
            onChange={(event) => change({ address: event.currentTarget.value })}
          />
        </FormGroup>
        <fieldset className="joule-vat-rates">
          <legend>
            <FormattedMessage id="app.settings.global.vatRates" />
          </legend>
          {draft.vat_rates.map((rate, index) => (
            <div key={index} style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
              <FormGroup
                label={intl.formatMessage({ id: 'app.settings.global.vatRate' }, { n: index + 1 })}
                labelFor={`vat-rate-${index}`}
                intent={fieldError(`vat_rates.${index}.rate`) ? 'danger' : 'none'}
                helperText={fieldError(`vat_rates.${index}.rate`)}
              >
                <InputGroup
                  id={`vat-rate-${index}`}
                  value={rate.rate}
                  inputMode="decimal"
                  onChange={(event) => {
                    const rates = [...draft.vat_rates];
                    rates[index] = { ...rate, rate: event.currentTarget.value };
                    change({ vat_rates: rates });
                  }}
                />
              </FormGroup>
              <FormGroup
                label={intl.formatMessage({ id: 'app.settings.global.vatFrom' }, { n: index + 1 })}
                labelFor={`vat-from-${index}`}
                intent={fieldError(`vat_rates.${index}.valid_from`) ? 'danger' : 'none'}
                helperText={fieldError(`vat_rates.${index}.valid_from`)}
              >
                <DateInput
                  id={`vat-from-${index}`}
                  value={rate.valid_from}
                  intent={fieldError(`vat_rates.${index}.valid_from`) ? 'danger' : 'none'}
                  onChange={(day) => {
                    const rates = [...draft.vat_rates];
                    rates[index] = { ...rate, valid_from: day ?? '' };
                    change({ vat_rates: rates });
                  }}
                />
              </FormGroup>
              <Button
                icon="trash"
                variant="minimal"
                style={{ marginTop: 22 }}
                disabled={draft.vat_rates.length === 1}
                aria-label={intl.formatMessage(
                  { id: 'app.settings.global.vatRemove' },
                  { n: index + 1 },
                )}
                onClick={() => change({ vat_rates: draft.vat_rates.filter((_, i) => i !== index) })}
              />
            </div>
          ))}
          {fieldError('vat_rates') && <Callout intent="danger">{fieldError('vat_rates')}</Callout>}
          <Button
            icon="add"
            onClick={() =>
              change({ vat_rates: [...draft.vat_rates, { rate: '21', valid_from: '' }] })
            }
          >
            <FormattedMessage id="app.settings.global.vatAdd" />
          </Button>
        </fieldset>
        {failure && <Callout intent="danger">{failure}</Callout>}
        <div className="joule-form-actions">
          <Button type="submit" intent="primary" icon="floppy-disk" loading={saving}>
            <FormattedMessage id="app.settings.global.save" />
          </Button>
        </div>
      </form>
    </Card>
  );
}

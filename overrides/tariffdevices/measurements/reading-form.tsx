import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, FormGroup, H4, InputGroup } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, unwrap, writeBody, type ApiSchema, type Writable } from '../../../src/api';
import {
  DateTimeInput,
  resourceKeys,
  useResourceRuntime,
  type ResourceDescriptor,
  type RowId,
} from '../../../src/resources';
import { measurementMessages as m } from './messages';
import { kwhInput, parseKwh, type Reading } from './readings';

/** The registers of a reading, in the order of the form. */
const REGISTERS = ['obis_181', 'obis_182', 'obis_280'] as const;
type Register = (typeof REGISTERS)[number];
type Field = 'timestamp_received' | Register;
type Values = Record<Field, string>;

/**
 * What the form posts: a reading's writable fields. `to_check` is sent unset (false): a
 * create may be flagged by the server's judgement but never unflagged by its body
 * (docs/billing.md "Readings to check").
 */
type NewReading = Writable<ApiSchema<'Measurement'>>;

/** Props of `ReadingForm`. */
export interface ReadingFormProps {
  readonly readings: ResourceDescriptor;
  /** The readings' reference field naming the device, e.g. `tariff_device`. */
  readonly field: string;
  readonly device: RowId;
  /** The device's newest reading, whose registers the form starts from. */
  readonly latest: Reading | undefined;
}

const labelOf = { obis_181: m.high, obis_182: m.low, obis_280: m.production } as const;

/** Now, to the minute, as an ISO 8601 instant. */
function thisMinute(): string {
  const now = new Date();
  now.setSeconds(0, 0);
  return now.toISOString();
}

/** The form's start: now, and the newest reading's registers as `locale` writes numbers. */
function initial(latest: Reading | undefined, locale: string): Values {
  const register = (value: string | undefined) =>
    value === undefined ? '' : kwhInput(value, locale);
  return {
    timestamp_received: thisMinute(),
    obis_181: register(latest?.obis_181),
    obis_182: register(latest?.obis_182),
    obis_280: register(latest?.obis_280),
  };
}

/**
 * "Add a reading" (docs/product.md §2 "Tariff device: … allows adding a new one"): the time (now by
 * default, local wall time) and the three registers in kWh, pre-filled with the newest
 * reading's as the app's language writes numbers (`6611,360` in Czech) and typed the same way. Posts `POST /measurements/` through the typed client; the server's refusals (lower than the reading
 * before, in the future, a second reading at that instant) show beside their field with the
 * input kept. On success the measurements' queries are invalidated, so the table and the
 * chart show the reading without a reload, and the form starts again from it.
 */
export function ReadingForm({ readings, field, device, latest }: ReadingFormProps) {
  const intl = useIntl();
  const ids = useId();
  const { api } = useResourceRuntime();
  const client = useQueryClient();
  // null: untouched, so the form follows the newest reading as it loads or changes.
  const [edited, setEdited] = useState<Values | null>(null);
  const [local, setLocal] = useState<Partial<Record<Field, string>>>({});
  // The time input holds text that names no instant (its value stays the last good one).
  const [badTime, setBadTime] = useState(false);
  const [done, setDone] = useState(false);
  const values = edited ?? initial(latest, intl.locale);

  const save = useMutation({
    mutationFn: (body: NewReading) =>
      unwrap(api.POST('/measurements/', { body: writeBody<ApiSchema<'Measurement'>>(body) })),
    onSuccess: async () => {
      setEdited(null);
      setDone(true);
      await client.invalidateQueries({ queryKey: resourceKeys.all(readings.name) });
    },
  });
  const serverError = save.error instanceof ApiError ? save.error : null;
  const serverField = (name: Field): string[] => {
    const messages = serverError?.fieldErrors[name];
    return Array.isArray(messages) ? messages.map(String) : [];
  };
  const generalErrors = serverError
    ? [
        ...(serverError.status !== 400 && serverError.detail ? [serverError.detail] : []),
        ...serverError.nonFieldErrors,
        ...serverField(field as Field),
      ]
    : save.error
      ? [intl.formatMessage(m.saveError)]
      : [];

  const change = (name: Field, value: string) => {
    setEdited({ ...values, [name]: value });
    setLocal((current) => ({ ...current, [name]: undefined }));
    setDone(false);
    // The server's refusals were about the values before this change.
    if (save.isError) save.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Partial<Record<Field, string>> = {};
    const at = values.timestamp_received === '' ? null : new Date(values.timestamp_received);
    if (badTime) problems.timestamp_received = intl.formatMessage(m.badTime);
    else if (!at) problems.timestamp_received = intl.formatMessage(m.required);
    const registers: Partial<Record<Register, string>> = {};
    for (const register of REGISTERS) {
      const raw = values[register].trim();
      const parsed = parseKwh(raw, intl.locale);
      if (raw === '') problems[register] = intl.formatMessage(m.required);
      else if (parsed === null) problems[register] = intl.formatMessage(m.badNumber);
      else registers[register] = parsed;
    }
    setLocal(problems);
    const { obis_181, obis_182, obis_280 } = registers;
    if (Object.keys(problems).length > 0 || !at) return;
    if (obis_181 === undefined || obis_182 === undefined || obis_280 === undefined) return;
    const body: NewReading = {
      tariff_device: Number(device),
      timestamp_received: at.toISOString(),
      obis_181,
      obis_182,
      obis_280,
      to_check: false,
    };
    // Keep what was typed whatever the answer: the values become "edited".
    setEdited(values);
    setDone(false);
    save.mutate(body);
  };

  const row = (name: Field, label: string, input: ReactElement) => {
    const errors = [
      ...(local[name] ? [local[name]!] : []),
      ...(local[name] ? [] : serverField(name)),
    ];
    return (
      <FormGroup
        key={name}
        label={label}
        labelFor={`${ids}-${name}`}
        intent={errors.length > 0 ? 'danger' : 'none'}
        helperText={
          errors.length > 0 ? (
            <span id={`${ids}-${name}-error`} role="alert">
              {errors.join(' ')}
            </span>
          ) : undefined
        }
        style={{ flex: '1 1 10rem', margin: 0 }}
      >
        {input}
      </FormGroup>
    );
  };
  const invalid = (name: Field) =>
    Boolean(local[name]) || serverField(name).length > 0 ? true : undefined;

  return (
    <form onSubmit={submit} aria-labelledby={`${ids}-title`} noValidate>
      <H4 id={`${ids}-title`} style={{ fontSize: 14 }}>
        {intl.formatMessage(m.addTitle)}
      </H4>
      {generalErrors.length > 0 && (
        <Callout intent="danger" role="alert" style={{ marginBottom: 8 }}>
          {generalErrors.join(' ')}
        </Callout>
      )}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-start' }}>
        {row(
          'timestamp_received',
          intl.formatMessage(m.timestamp),
          <DateTimeInput
            id={`${ids}-timestamp_received`}
            value={values.timestamp_received}
            onChange={(value) => {
              setBadTime(false);
              change('timestamp_received', value ?? '');
            }}
            onInvalid={() => setBadTime(true)}
            intent={invalid('timestamp_received') ? 'danger' : 'none'}
            showFormatError={false}
            aria-describedby={
              invalid('timestamp_received') ? `${ids}-timestamp_received-error` : undefined
            }
          />,
        )}
        {REGISTERS.map((register) =>
          row(
            register,
            `${intl.formatMessage(labelOf[register])} (kWh)`,
            <InputGroup
              id={`${ids}-${register}`}
              inputMode="decimal"
              value={values[register]}
              onValueChange={(value) => change(register, value)}
              aria-invalid={invalid(register)}
              aria-describedby={invalid(register) && `${ids}-${register}-error`}
            />,
          ),
        )}
      </div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 8 }}>
        <Button type="submit" intent="primary" icon="plus" loading={save.isPending}>
          {intl.formatMessage(m.add)}
        </Button>
        {done && <span role="status">{intl.formatMessage(m.added)}</span>}
      </div>
    </form>
  );
}

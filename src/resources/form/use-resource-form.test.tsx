/** @vitest-environment jsdom */
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { NetworkError } from '../../api';
import type { FieldDescriptor, ResourceDescriptor } from '../descriptor';
import { contracts } from '../test-support/fixtures';
import {
  Providers,
  apiError,
  fakeRequest,
  type Call,
  type FakeAnswer,
} from '../test-support/render';
import { useResourceForm, type ReadyForm, type ResourceFormController } from './use-resource-form';

const row = { id: 5, contract_no: 'S-5', customer: 7, valid_from: '2025-01-01', created: 'x' };

function setup(
  id: number | null,
  answer: (call: Call) => FakeAnswer,
  preset?: Readonly<Record<string, unknown>>,
) {
  const fake = fakeRequest(answer);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers request={fake.request}>{children}</Providers>
  );
  const hook = renderHook(() => useResourceForm(contracts, id, preset), { wrapper });
  const ready = async (): Promise<ReadyForm> => {
    await waitFor(() => expect(hook.result.current.status).toBe('ready'));
    return hook.result.current as ReadyForm;
  };
  return { ...fake, hook, ready };
}

const status = (c: ResourceFormController) => (c.status === 'ready' ? c.save.status : c.status);

describe('useResourceForm', () => {
  it('is pending, then ready with the row and its ETag', async () => {
    const { hook, ready } = setup(5, () => ({ data: row, etag: '"a"' }));
    expect(hook.result.current.status).toBe('pending');
    const form = await ready();
    expect(form.base).toEqual({ row, etag: '"a"' });
    expect(form.dirty).toBe(false);
  });

  it('is an error when the row cannot be read, and retries', async () => {
    let fail = true;
    const { hook } = setup(5, () =>
      fail ? apiError(404, { detail: 'Not found.' }) : { data: row },
    );
    await waitFor(() => expect(hook.result.current.status).toBe('error'));
    fail = false;
    act(() => (hook.result.current as { retry(): void }).retry());
    await waitFor(() => expect(hook.result.current.status).toBe('ready'));
  });

  it('creates with a POST of the typed writable fields', async () => {
    const { calls, ready } = setup(null, (call) => ({
      data: { ...row, ...(call.options.body as object) },
      status: 201,
    }));
    const form = await ready();
    expect(form.mode).toBe('create');
    let saved = false;
    await act(async () => {
      saved = await form.submit({ contract_no: 'N', customer: 7, created: 'ignored', state: null });
    });
    expect(saved).toBe(true);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/contracts/' });
    // Every field the form shows: the empty nullable ones as null (docs/extending.md "What a form sends").
    expect(calls.at(-1)?.options.body).toMatchObject({ contract_no: 'N', customer: 7 });
    expect(calls.at(-1)?.options.body).not.toHaveProperty('created');
  });

  it('starts a new row with the preset, sends it, and counts only typed changes as dirty', async () => {
    const { calls, hook, ready } = setup(
      null,
      (call) => ({ data: { ...row, ...(call.options.body as object) }, status: 201 }),
      { customer: 7 },
    );
    const form = await ready();
    expect(form.formData).toEqual({ customer: 7 });
    expect(form.dirty).toBe(false);
    act(() => form.setFormData({ ...form.formData, contract_no: 'N' }));
    expect((hook.result.current as ReadyForm).dirty).toBe(true);
    await act(async () => void (await form.submit({ customer: 7, contract_no: 'N' })));
    expect(calls.at(-1)?.options.body).toMatchObject({ contract_no: 'N', customer: 7 });
  });

  it('saves nothing when nothing changed', async () => {
    const { calls, ready } = setup(5, () => ({ data: row }));
    const form = await ready();
    await act(async () => void (await form.submit({ ...row })));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it.each<[string, () => never, string]>([
    ['a 400', () => apiError(400, { contract_no: ['Bad.'] }), 'invalid'],
    [
      'no answer',
      () => {
        throw new NetworkError(null);
      },
      'offline',
    ],
    ['a 403', () => apiError(403, { detail: 'No.' }), 'failed'],
  ])('turns %s into a state and keeps the edits', async (_name, fail, want) => {
    const { hook, ready } = setup(5, (call) => (call.method === 'GET' ? { data: row } : fail()));
    const form = await ready();
    act(() => form.setFormData({ ...row, contract_no: 'S-55' }));
    const edited = hook.result.current as ReadyForm;
    expect(edited.dirty).toBe(true);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => void (await edited.submit(edited.formData)));
    expect(status(hook.result.current)).toBe(want);
    // Only what the UI cannot show is logged.
    expect(log.mock.calls.length > 0).toBe(want === 'failed');
    log.mockRestore();
    expect((hook.result.current as ReadyForm).formData.contract_no).toBe('S-55');
  });

  it('deletes with If-Match, and reports a refusal', async () => {
    let refuse = true;
    const { calls, hook, ready } = setup(5, (call) =>
      call.method === 'DELETE' && refuse
        ? apiError(400, { detail: 'Has payments.' })
        : { data: row, etag: '"e"' },
    );
    const form = await ready();
    await act(async () => void (await form.remove()));
    expect((hook.result.current as ReadyForm).deletion).toEqual({
      status: 'failed',
      detail: 'Has payments.',
      offline: false,
    });
    refuse = false;
    let done = false;
    await act(async () => {
      done = await (hook.result.current as ReadyForm).remove();
    });
    expect(done).toBe(true);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.options.ifMatch)).toEqual([
      '"e"',
      '"e"',
    ]);
  });

  it('starts a new row with the server defaults shown, not as unsaved changes', async () => {
    const withDefaults = {
      ...contracts,
      fields: contracts.fields.map((field) =>
        field.name === 'state' ? { ...field, default: 'active' } : field,
      ),
    };
    const fake = fakeRequest(() => ({ data: row, status: 201 }));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Providers request={fake.request}>{children}</Providers>
    );
    const hook = renderHook(() => useResourceForm(withDefaults, null, { customer: 7 }), {
      wrapper,
    });
    await waitFor(() => expect(hook.result.current.status).toBe('ready'));
    const form = hook.result.current as ReadyForm;
    expect(form.formData).toEqual({ state: 'active', customer: 7 });
    expect(form.dirty).toBe(false);
  });
});

/**
 * A back-end that publishes no defaults (docs/extending.md "What a form sends"): the contracts'
 * descriptor has none; its stand-in server stores `true` for a missing `is_active`, as a
 * DRF `BooleanField(default=True)` does, and trims the number.
 */
describe('useResourceForm on a back-end without defaults', () => {
  function stub(call: Call): FakeAnswer {
    const body = (call.options.body ?? {}) as Record<string, unknown>;
    if (call.method === 'GET') return { data: { ...row, id: 9 }, etag: '"g"' };
    return {
      status: 201,
      etag: '"n"',
      data: {
        ...body,
        id: 9,
        contract_no: String(body.contract_no ?? '').trim(),
        is_active: body.is_active ?? true,
      },
    };
  }

  it('sends an untouched checkbox as false and an empty optional choice as null', async () => {
    const { calls, ready } = setup(null, stub);
    const form = await ready();
    expect(form.formData).not.toHaveProperty('is_active');
    let closes = false;
    await act(async () => {
      closes = await form.submit({ contract_no: 'N-1', customer: 7, valid_from: '2025-01-01' });
    });
    const body = calls.find((call) => call.method === 'POST')?.options.body;
    expect(body).toMatchObject({ is_active: false, state: null, price: null });
    // What was sent is what the server stored: the dialog may close.
    expect(closes).toBe(true);
  });

  it('sends an empty optional text input as a blank where the schema takes one', async () => {
    const text = (name: string, extra: Partial<FieldDescriptor> = {}): FieldDescriptor => ({
      name,
      kind: 'string',
      label: `resource.test.field.${name}.label`,
      required: false,
      readOnly: false,
      nullable: false,
      widget: 'text',
      ...extra,
    });
    const withTexts: ResourceDescriptor = {
      ...contracts,
      fields: [
        ...contracts.fields,
        text('note'),
        text('email', { kind: 'email' }),
        text('phone', { pattern: '^$|^\\+?\\d{9,12}$' }),
        text('code', { minLength: 1 }),
        text('serial', { pattern: '^\\d+$' }),
        text('remark', { nullable: true }),
      ],
      formSchema: {
        ...contracts.formSchema,
        properties: {
          ...(contracts.formSchema?.properties as Record<string, unknown>),
          note: { type: 'string' },
          email: { type: 'string' },
          phone: { type: 'string' },
          code: { type: 'string', minLength: 1 },
          serial: { type: 'string' },
          remark: { type: ['string', 'null'] },
        },
      },
    };
    const fake = fakeRequest(stub);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Providers request={fake.request}>{children}</Providers>
    );
    const hook = renderHook(() => useResourceForm(withTexts, null), { wrapper });
    await waitFor(() => expect(hook.result.current.status).toBe('ready'));
    const form = hook.result.current as ReadyForm;
    await act(async () => {
      await form.submit({ contract_no: 'N-4', customer: 7, valid_from: '2025-01-01', email: '' });
    });
    const body = fake.calls.find((call) => call.method === 'POST')?.options.body as Record<
      string,
      unknown
    >;
    // Shown empty, sent blank; a blank the schema refuses is left to the server's default.
    expect(body).toMatchObject({ note: '', email: '', phone: '', remark: null });
    expect(body).not.toHaveProperty('code');
    expect(body).not.toHaveProperty('serial');
  });

  it('shows once, beside the field, a value the server stored differently', async () => {
    const { hook, ready } = setup(null, stub);
    const form = await ready();
    let closes = true;
    await act(async () => {
      closes = await form.submit({
        contract_no: '  N-2 ',
        customer: 7,
        valid_from: '2025-01-01',
        is_active: false,
      });
    });
    expect(closes).toBe(false);
    const after = hook.result.current as ReadyForm;
    // The dialog stays open on the row just created, showing what was stored.
    expect(after.id).toBe(9);
    expect(after.mode).toBe('edit');
    expect(after.storedAs).toEqual({ contract_no: 'N-2' });
    expect(after.formData.contract_no).toBe('N-2');
    act(() => after.setFormData({ ...after.formData, contract_no: 'N-3' }));
    expect((hook.result.current as ReadyForm).storedAs).toEqual({});
  });
});

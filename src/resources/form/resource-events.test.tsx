/** @vitest-environment jsdom */
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from '../../api';
import type { ResourceEvent } from '../registry/resource-events';
import { contracts } from '../test-support/fixtures';
import {
  Providers,
  apiError,
  fakeRequest,
  type Call,
  type FakeAnswer,
} from '../test-support/render';
import { useResourceForm, type ReadyForm } from './use-resource-form';

const row = { id: 5, contract_no: 'S-5', customer: 7, valid_from: '2025-01-01', created: 'x' };

/** The form of contract 5 (or a new one) with a spy as the runtime's `onEvent`. */
async function setup(id: number | null, answer: (call: Call) => FakeAnswer) {
  const onEvent = vi.fn<(event: ResourceEvent) => void>();
  const { request } = fakeRequest(answer);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers request={request} onEvent={onEvent}>
      {children}
    </Providers>
  );
  const hook = renderHook(() => useResourceForm(contracts, id), { wrapper });
  await waitFor(() => expect(hook.result.current.status).toBe('ready'));
  const form = () => hook.result.current as ReadyForm;
  return { onEvent, form };
}

describe('useResourceForm → onEvent of the runtime', () => {
  it('reports a successful save once, with the saved row’s title', async () => {
    const { onEvent, form } = await setup(5, (call) =>
      call.method === 'PATCH' ? { data: { ...row, contract_no: 'S-55' } } : { data: row },
    );
    expect(onEvent).not.toHaveBeenCalled();
    let saved = false;
    await act(async () => {
      saved = await form().submit({ ...row, contract_no: 'S-55' });
    });
    expect(saved).toBe(true);
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith({ type: 'saved', resource: 'contracts', title: 'S-55' });
  });

  it('reports a failed save once, with the operation and the error as thrown', async () => {
    const { onEvent, form } = await setup(5, (call) =>
      call.method === 'PATCH' ? apiError(500, { detail: 'Boom.' }) : { data: row },
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let saved = true;
    await act(async () => {
      saved = await form().submit({ ...row, contract_no: 'S-55' });
    });
    log.mockRestore();
    expect(saved).toBe(false);
    expect(form().save.status).toBe('failed');
    expect(onEvent).toHaveBeenCalledTimes(1);
    const event = onEvent.mock.calls[0]?.[0];
    expect(event).toMatchObject({
      type: 'failed',
      operation: 'save',
      resource: 'contracts',
      title: 'S-5',
    });
    expect(event?.type === 'failed' && event.error).toBeInstanceOf(ApiError);
  });

  it('reports a create with the created row’s title, and nothing for an unchanged save', async () => {
    const created = await setup(null, () => ({ data: { ...row, id: 6, contract_no: 'N-1' } }));
    await act(async () => void (await created.form().submit({ contract_no: 'N-1', customer: 7 })));
    expect(created.onEvent.mock.calls).toEqual([
      [{ type: 'created', resource: 'contracts', title: 'N-1' }],
    ]);

    const unchanged = await setup(5, () => ({ data: row }));
    await act(async () => void (await unchanged.form().submit({ ...row })));
    expect(unchanged.onEvent).not.toHaveBeenCalled();
  });

  it('reports a refused delete, then a successful one, once each', async () => {
    let refuse = true;
    const { onEvent, form } = await setup(5, (call) =>
      call.method === 'DELETE' && refuse
        ? apiError(400, { detail: 'Has payments.' })
        : { data: row, etag: '"e"' },
    );
    await act(async () => void (await form().remove()));
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'failed', operation: 'delete', title: 'S-5' }),
    );
    refuse = false;
    await act(async () => void (await form().remove()));
    expect(onEvent).toHaveBeenCalledTimes(2);
    expect(onEvent).toHaveBeenLastCalledWith({
      type: 'deleted',
      resource: 'contracts',
      title: 'S-5',
    });
  });
});
